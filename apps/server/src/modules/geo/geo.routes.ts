import { dataOf, GeoSchema } from '@fieldhouse/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { geoRulesOf } from '../../lib/channel-settings.js'
import type { GeoService } from './geo.service.js'

/** Spec §7 "Geo": where the viewer is, and whether the channel's rules keep them out. */
export const geoRoutes: FastifyPluginAsyncZod<{ geo: GeoService }> = async (app, { geo }) => {
  app.get('/api/geo', { schema: { tags: ['geo'], response: { 200: dataOf(GeoSchema) } } }, async (req, reply) => {
    reply.header('cache-control', 'private, no-cache')
    return { data: geo.answer(geo.locate(req), geoRulesOf(req.session.channel)) }
  })
}
