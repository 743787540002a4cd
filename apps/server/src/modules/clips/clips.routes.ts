import {
  ClipDownloadSchema,
  ClipListQuerySchema,
  ClipSchema,
  CreateClipInputSchema,
  dataOf,
  EventSchema,
  EventsQuerySchema,
  Id,
  ListMetaSchema,
  MomentsQuerySchema,
  messages,
  SharedClipQuerySchema,
  SharedClipSchema,
} from '@fieldhouse/contract'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { MediaStore } from '../../lib/media-store/index.js'
import { cacheControlFor, type createMediaFileSender } from '../media/media.files.js'
import { safeMediaPath } from '../media/playback-token.js'
import type { ClipSharingService } from './clip-sharing.service.js'
import type { ClipsService } from './clips.service.js'

const tags = ['clips']
const privateAnswer = { 'cache-control': 'private, no-store' }
const listOf = <T extends z.ZodType>(schema: T) => z.object({ data: z.array(schema), meta: ListMetaSchema })

/**
 * Spec §7 "Clips" and `GET /events/with_clip`, with ours: `POST /clip/{id}/retry` and the channel's
 * feed `GET /clips/moments`; and the clips' files: signed (`/media/c/{token}/{id}-{uuid}/…`) and the
 * poster by the share link's uuid (`/media/cp/{clip}/{uuid}/poster.jpg`).
 */
export const clipsRoutes: FastifyPluginAsyncZod<{
  clips: ClipsService
  sharing: ClipSharingService
  store: MediaStore
  mediaRateLimitMax: number
  sendFile: ReturnType<typeof createMediaFileSender>
}> = async (app, { clips, sharing, store, sendFile, mediaRateLimitMax }) => {
  app.post(
    '/api/clip',
    { schema: { tags, body: CreateClipInputSchema, response: { 201: dataOf(ClipSchema) } } },
    async (req, reply) => reply.code(201).send({ data: await clips.create(req.session, req.body) }),
  )

  app.post(
    '/api/clip/:id/retry',
    { schema: { tags, params: z.object({ id: Id }), response: { 200: dataOf(ClipSchema) } } },
    async (req) => ({ data: await clips.retry(req.session, req.params.id) }),
  )

  app.delete(
    '/api/clip/:id',
    { schema: { tags, params: z.object({ id: Id }), response: { 200: dataOf(z.object({ id: z.number().int() })) } } },
    async (req) => ({ data: await clips.remove(req.session, req.params.id) }),
  )

  app.get(
    '/api/clips/user',
    { schema: { tags, querystring: ClipListQuerySchema, response: { 200: listOf(ClipSchema) } } },
    async (req, reply) => {
      reply.headers(privateAnswer)
      return clips.mine(req.session, req.query)
    },
  )

  app.get(
    '/api/clips/event/:id',
    {
      schema: {
        tags,
        params: z.object({ id: Id }),
        querystring: ClipListQuerySchema,
        response: { 200: listOf(ClipSchema) },
      },
    },
    async (req) => clips.ofEvent(req.session, req.params.id, req.query),
  )

  app.get(
    '/api/clips/moments',
    { schema: { tags, querystring: MomentsQuerySchema, response: { 200: listOf(SharedClipSchema) } } },
    async (req, reply) => {
      reply.headers(privateAnswer)
      return sharing.moments(req.session, req.query)
    },
  )

  app.get(
    '/api/shared-clip/:id',
    {
      schema: {
        tags,
        params: z.object({ id: Id }),
        querystring: SharedClipQuerySchema,
        response: { 200: dataOf(SharedClipSchema) },
      },
    },
    async (req, reply) => {
      reply.headers(privateAnswer)
      return { data: await sharing.shared(req.session, req.params.id, req.query.uuid) }
    },
  )

  app.get(
    '/api/clip/download/:id',
    { schema: { tags, params: z.object({ id: Id }), response: { 200: dataOf(ClipDownloadSchema) } } },
    async (req, reply) => {
      reply.headers(privateAnswer)
      return { data: await clips.download(req.session, req.params.id) }
    },
  )

  app.get(
    '/api/events/with_clip',
    { schema: { tags, querystring: EventsQuerySchema, response: { 200: listOf(EventSchema) } } },
    async (req) => clips.eventsWithClip(req.session, req.query),
  )

  // The files: no api key (the token or the uuid is the credential), the media rate limit.
  const rateLimit = { max: mediaRateLimitMax, timeWindow: 60_000 }
  const notFound = (reply: FastifyReply) => reply.code(404).send({ message: messages.notFound })
  const clipIdOf = (text: string) => (/^[1-9][0-9]{0,9}$/.test(text) ? Number(text) : null)

  app.get('/media/c/:token/:clip/*', { config: { rateLimit }, schema: { hide: true } }, async (req, reply) => {
    const { token, clip, '*': rest } = req.params as { token: string; clip: string; '*': string }
    const file = safeMediaPath(rest)
    reply.header('referrer-policy', 'no-referrer')
    const key = file ? await sharing.signedFile(token, clip, file) : null
    if (!key) return notFound(reply)
    if (file === 'download.mp4') {
      const name = (req.query as { name?: string }).name?.replace(/[^A-Za-z0-9._-]/g, '') || 'clip.mp4'
      reply.header('content-disposition', `attachment; filename="${name}"`)
    }
    return sendFile(req as FastifyRequest, reply, store, key, cacheControlFor(key, false, 'private'))
  })

  app.get('/media/cp/:clip/:uuid/poster.jpg', { config: { rateLimit }, schema: { hide: true } }, async (req, reply) => {
    const { clip, uuid } = req.params as { clip: string; uuid: string }
    const clipId = clipIdOf(clip)
    const key = clipId !== null && /^[0-9a-f-]{36}$/.test(uuid) ? await sharing.posterFile(clipId, uuid) : null
    if (!key) return notFound(reply)
    return sendFile(req as FastifyRequest, reply, store, key, cacheControlFor(key, false, 'public'))
  })
}
