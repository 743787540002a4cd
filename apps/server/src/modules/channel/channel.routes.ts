import {
  BootstrapQuerySchema,
  ColorSettingsQuerySchema,
  ColorSettingsSchema,
  dataOf,
  FaqSchema,
  MenuItemSchema,
  PageSchema,
  PageSummarySchema,
  SettingsSchema,
  SlideSchema,
  SlidesQuerySchema,
} from '@fieldhouse/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { type SerializedBody, sendSerialized } from '../../lib/compressed-body.js'
import type { ChannelService } from './channel.service.js'

const tags = ['channel']
const PageParams = z.object({ id: z.string().min(1).max(200) })

/** Spec §7 "Channel": thin routes; the service decides, the presenter shapes. */
export const channelRoutes: FastifyPluginAsyncZod<{ channels: ChannelService }> = async (app, { channels }) => {
  app.get('/api/settings', { schema: { tags, response: { 200: dataOf(SettingsSchema) } } }, async (req) => ({
    data: await channels.settings(req.session.channel),
  }))

  app.get('/api/menu', { schema: { tags, response: { 200: dataOf(z.array(MenuItemSchema)) } } }, async (req) => ({
    data: await channels.menu(req.session.channel),
  }))

  app.get(
    '/api/slides/web',
    { schema: { tags, querystring: SlidesQuerySchema, response: { 200: dataOf(z.array(SlideSchema)) } } },
    async (req) => ({ data: await channels.slides(req.session.channel, req.query.type) }),
  )

  app.get('/api/pages', { schema: { tags, response: { 200: dataOf(z.array(PageSummarySchema)) } } }, async (req) => ({
    data: await channels.pages(req.session.channel),
  }))

  app.get(
    '/api/pages/:id',
    { schema: { tags, params: PageParams, response: { 200: dataOf(PageSchema) } } },
    async (req) => ({ data: await channels.page(req.session.channel, req.params.id) }),
  )

  app.get(
    '/api/color-settings/web',
    { schema: { tags, querystring: ColorSettingsQuerySchema, response: { 200: dataOf(ColorSettingsSchema) } } },
    async (req) => ({ data: await channels.colors(req.session.channel) }),
  )

  app.get('/api/faq', { schema: { tags, response: { 200: dataOf(z.array(FaqSchema)) } } }, async (req) => ({
    data: await channels.faq(req.session.channel),
  }))

  // Serialised once per content version; anonymous and cacheable, revalidated by ETag. A plain
  // (non-async) handler: the hottest call of all answers from memory without a promise.
  // compress: false — the document carries its own compressed bytes (made once per version).
  app.get(
    '/api/channel-bootstrap-data',
    { compress: false, schema: { tags, querystring: BootstrapQuerySchema } },
    (req, reply) => {
      const send = (entry: SerializedBody) => {
        reply.header('cache-control', 'public, max-age=30')
        return sendSerialized(req, reply, entry, 'authorization')
      }
      const fresh = channels.freshBootstrapBody(req.session.channel)
      if (fresh) return send(fresh)
      channels.bootstrapBody(req.session.channel).then(send, (error) => reply.send(error))
      return reply
    },
  )
}
