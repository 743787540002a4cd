import {
  dataOf,
  Id,
  messages,
  PremiereInputSchema,
  PremiereListItemSchema,
  PremiereRecordingSchema,
  PremiereSchema,
} from '@fieldhouse/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { MediaStore } from '../../lib/media-store/index.js'
import { consoleOperator } from '../../lib/operator.js'
import type { GeoService } from '../geo/geo.service.js'
import { cacheControlFor, type createMediaFileSender } from '../media/media.files.js'
import type { MediaGate } from '../media/media.gate.js'
import { safeMediaPath } from '../media/playback-token.js'
import type { PremieresService } from './premieres.service.js'

const tags = ['premieres']
const consoleTags = ['console: premieres']

/**
 * Premieres (decision 30): the `/simulate` page's list, the console's scheduling, and a running
 * premiere's files under `/media/l/{token}/{premiere}/…` — its playlists cut by the clock, its segments
 * the recording's own, none before it has aired.
 */
export const premieresRoutes: FastifyPluginAsyncZod<{
  premieres: PremieresService
  gate: MediaGate
  geo: GeoService
  store: MediaStore
  mediaRateLimitMax: number
  sendFile: ReturnType<typeof createMediaFileSender>
}> = async (app, deps) => {
  const { premieres } = deps
  app.get(
    '/api/premieres',
    { schema: { tags, response: { 200: dataOf(z.array(PremiereListItemSchema)) } } },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store')
      return { data: await premieres.running(req.session) }
    },
  )

  const read = { admin: { resource: 'premieres' as const, action: 'read' as const } }
  app.get(
    '/api/admin/premieres',
    { config: read, schema: { tags: consoleTags, response: { 200: dataOf(z.array(PremiereSchema)) } } },
    async (req) => ({ data: await premieres.list(consoleOperator(req)) }),
  )
  app.get(
    '/api/admin/premieres/sources',
    { config: read, schema: { tags: consoleTags, response: { 200: dataOf(z.array(PremiereRecordingSchema)) } } },
    async (req) => ({ data: await premieres.sources(consoleOperator(req)) }),
  )
  app.post(
    '/api/admin/premieres',
    {
      config: { admin: { resource: 'premieres', action: 'create' } },
      schema: { tags: consoleTags, body: PremiereInputSchema, response: { 201: dataOf(PremiereSchema) } },
    },
    async (req, reply) => reply.code(201).send({ data: await premieres.schedule(consoleOperator(req), req.body) }),
  )
  app.delete(
    '/api/admin/premieres/:id',
    {
      config: { admin: { resource: 'premieres', action: 'delete' } },
      schema: { tags: consoleTags, params: z.object({ id: Id }) },
    },
    async (req, reply) => {
      await premieres.cancel(consoleOperator(req), req.params.id)
      return reply.code(204).send()
    },
  )

  app.get(
    '/media/l/:token/:premiere/*',
    {
      config: {
        rateLimit: {
          max: deps.mediaRateLimitMax,
          timeWindow: 60_000,
          keyGenerator: (req: { params: unknown; ip: string }) => {
            const { token, premiere } = req.params as { token?: string; premiere?: string }
            return (token && premiere ? deps.gate.limitKeyOf(token, premiere, 'premiere') : null) ?? `ip:${req.ip}`
          },
        },
      },
      schema: { hide: true },
    },
    async (req, reply) => {
      const { token, premiere: param, '*': rest } = req.params as { token: string; premiere: string; '*': string }
      reply.header('referrer-policy', 'no-referrer')
      const file = safeMediaPath(rest)
      const id = /^[1-9][0-9]{0,9}$/.test(param) ? Number(param) : null
      if (!file || id === null) return reply.code(404).send({ message: messages.notFound })
      const ctx = await premieres.context(id)
      const verdict = await deps.gate.checkPremiere(token, id, ctx, deps.geo.countryCode(req))
      if (!verdict.ok || !ctx) {
        const status = verdict.ok ? 404 : verdict.status
        const message = !verdict.ok && verdict.reason === 'geo' ? messages.geoBlocked : messages.mediaTokenInvalid
        return reply.code(status).send({ message: status === 404 ? messages.notFound : message })
      }
      const found = await premieres.file(ctx.premiere, file)
      if (!found) return reply.code(404).send({ message: messages.notFound })
      if (found.kind === 'playlist') {
        return reply
          .headers({ 'content-type': 'application/vnd.apple.mpegurl', 'cache-control': 'no-cache, no-store' })
          .send(found.text)
      }
      return deps.sendFile(req, reply, deps.store, found.key, cacheControlFor(file, false, 'private'))
    },
  )
}
