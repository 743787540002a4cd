import {
  dataOf,
  EventAlertStatsSchema,
  NotificationSettingsSchema,
  NotificationSettingsUpdateSchema,
  PushSubscriptionInputSchema,
} from '@fieldhouse/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { consoleRoutes } from '../../lib/console-routes.js'
import { consoleOperator } from '../../lib/operator.js'
import type { NotificationsService } from './notifications.service.js'

const tags = ['alerts']
const Token = z.object({ token: z.string().max(64) })
const PushStatus = z.object({ subscribed: z.boolean(), push_devices: z.number().int().optional() })
/** The smallest transparent GIF: what a mail's open counter answers. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')

/**
 * Alerts (decision 0056): the signed-in viewer's settings and push browsers under
 * `/api/notifications/…`; the links alerts carry under `/api/alerts/…` (signed, and working signed out:
 * one-click unsubscribe, the open counter, the click that leads to the game); the console's figures.
 */
export const notificationsRoutes: FastifyPluginAsyncZod<{
  notifications: NotificationsService
  /** The watch page of a game on its channel's origin. */
  watchUrl: (channelId: number, eventId: number) => Promise<string>
}> = async (app, { notifications, watchUrl }) => {
  const noStore = { 'cache-control': 'private, no-store' }
  const Settings = dataOf(NotificationSettingsSchema)
  app.get('/api/notifications/settings', { schema: { tags, response: { 200: Settings } } }, async (req, reply) => {
    reply.headers(noStore)
    return { data: await notifications.settings(req.session) }
  })
  app.patch(
    '/api/notifications/settings',
    { schema: { tags, body: NotificationSettingsUpdateSchema, response: { 200: Settings } } },
    async (req) => ({ data: await notifications.update(req.session, req.body) }),
  )

  app.post(
    '/api/notifications/push',
    { bodyLimit: 4096, schema: { tags, body: PushSubscriptionInputSchema, response: { 200: dataOf(PushStatus) } } },
    async (req) => ({ data: await notifications.subscribePush(req.session, req.body) }),
  )
  const Endpoint = z.object({ endpoint: z.string().url().max(1000) })
  app.get(
    '/api/notifications/push',
    { schema: { tags, querystring: Endpoint, response: { 200: dataOf(PushStatus) } } },
    async (req, reply) => {
      reply.headers(noStore)
      return { data: await notifications.pushStatus(req.session, req.query.endpoint) }
    },
  )
  app.delete(
    '/api/notifications/push',
    { schema: { tags, querystring: Endpoint, response: { 200: dataOf(PushStatus) } } },
    async (req) => ({ data: await notifications.unsubscribePush(req.session, req.query.endpoint) }),
  )

  // A mail app's one-click unsubscribe is a form post (`List-Unsubscribe=One-Click`); its fields change nothing.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_req, _body, done) => done(null, {}),
  )
  // The links in an alert: whoever holds one, signed in or not, from a mail app or a service worker.
  const signedOut = { session: 'none' as const, rateLimit: { max: 60, timeWindow: 60_000 } }
  app.post(
    '/api/alerts/unsubscribe/:token',
    {
      config: signedOut,
      bodyLimit: 1024,
      schema: {
        tags,
        params: Token,
        description:
          'One-click unsubscribe (RFC 8058): a mail app POSTs `List-Unsubscribe=One-Click`; the page /unsubscribe posts here too',
        response: { 200: dataOf(z.object({ email: z.literal(false) })) },
      },
    },
    async (req) => ({ data: await notifications.unsubscribe(req.params.token) }),
  )
  app.get(
    '/api/alerts/o/:token.gif',
    { config: signedOut, schema: { tags, params: Token, description: 'Counts an alert as opened; a 1×1 GIF' } },
    async (req, reply) => {
      await notifications.opened(req.params.token)
      return reply.type('image/gif').header('cache-control', 'no-store').send(PIXEL)
    },
  )
  app.get(
    '/api/alerts/c/:token',
    {
      config: signedOut,
      schema: { tags, params: Token, description: "Counts an alert's click; redirects to the game" },
    },
    async (req, reply) => {
      const send = await notifications.clicked(req.params.token)
      if (!send) return reply.redirect('/', 302)
      return reply.header('cache-control', 'no-store').redirect(await watchUrl(send.channelId, send.eventId), 302)
    },
  )

  consoleRoutes(app, { tags: ['console: alerts'], operator: consoleOperator, noStore: true }).route({
    method: 'GET',
    url: '/api/admin/alerts',
    admin: { resource: 'analytics', action: 'read' },
    item: z.array(EventAlertStatsSchema),
    run: (op) => notifications.stats(op.session.channel.id),
  })
}
