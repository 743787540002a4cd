import {
  AdminIdParamsSchema,
  dataOf,
  EventKeyPlaysSchema,
  Id,
  KeyPlaySchema,
  KeyPlayWindowSchema,
} from '@fieldhouse/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { consoleRoutes } from '../../lib/console-routes.js'
import { consoleOperator } from '../../lib/operator.js'
import type { KeyPlaysService } from './key-plays.service.js'

const RecentKeyPlaySchema = KeyPlaySchema.extend({ event_name: z.string() })

/**
 * Key plays (decision 0058): a game's key plays for viewers (`/api/events/{id}/key-plays`), and the
 * console's: the channel's recent ones, a clip's window moved, a key play removed.
 */
export const keyPlaysRoutes: FastifyPluginAsyncZod<{ keyPlays: KeyPlaysService; clock: () => number }> = async (
  app,
  { keyPlays, clock },
) => {
  app.get(
    '/api/events/:id/key-plays',
    { schema: { tags: ['key plays'], params: z.object({ id: Id }), response: { 200: dataOf(EventKeyPlaysSchema) } } },
    async (req, reply) => {
      reply.header('cache-control', 'public, max-age=1')
      return { data: await keyPlays.ofEvent(req.session, req.params.id) }
    },
  )

  const console = consoleRoutes(app, { tags: ['console: key plays'], operator: consoleOperator, noStore: true })
  console.route({
    method: 'GET',
    url: '/api/admin/key-plays',
    admin: { resource: 'scores', action: 'read' },
    querystring: z.object({ since: z.coerce.number().int().nonnegative().optional() }),
    item: z.array(RecentKeyPlaySchema),
    run: (op, i) => keyPlays.recent(op.session.channel.id, i.query.since ?? clock() - 24 * 3_600_000),
  })
  console.route({
    method: 'PATCH',
    url: '/api/admin/key-plays/:id',
    admin: { resource: 'scores', action: 'update' },
    params: AdminIdParamsSchema,
    body: KeyPlayWindowSchema,
    item: KeyPlaySchema,
    run: (op, i) => keyPlays.moveWindow(op, i.params.id, i.body),
  })
  console.route({
    method: 'DELETE',
    url: '/api/admin/key-plays/:id',
    admin: { resource: 'scores', action: 'update' },
    params: AdminIdParamsSchema,
    run: (op, i) => keyPlays.remove(op, i.params.id),
  })
}
