import {
  DownloadSchema,
  dataOf,
  type Event,
  type EventClipInfo,
  EventDetailSchema,
  Id,
  messages,
  PlaybackSchema,
  PREROLL_FILE,
  type VodMedia,
  VodMediaDetailSchema,
} from '@fieldhouse/contract'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { assetKey, type MediaStore } from '../../lib/media-store/index.js'
import type { Session } from '../../lib/session.js'
import type { AccessService, Watchability } from '../access/access.service.js'
import type { CatalogService } from '../catalog/catalog.service.js'
import type { VodService } from '../catalog/vod.service.js'
import type { GeoService } from '../geo/geo.service.js'
import { deviceName } from '../streams/device-name.js'
import { DOWNLOAD_FILE, type EventDownloadsService } from './event-downloads.service.js'
import type { createLivePlaylistSender } from './live-playlist.js'
import { cacheControlFor, type createMediaFileSender } from './media.files.js'
import type { MediaGate } from './media.gate.js'
import type { MediaRepository } from './media.repository.js'
import { type MediaService, PUBLIC_MEDIA_TYPES } from './media.service.js'
import { safeMediaPath, type TokenScope } from './playback-token.js'

const tags = ['video']

/**
 * Video for viewers: event and VOD item details with signed URLs, token renewal, event downloads
 * (spec §7 `download-event/{id}`), and the media files themselves — signed (`/media/p/…`) and
 * public posters, previews and pre-rolls' MP4 (`/media/o/…`).
 */
export const mediaRoutes: FastifyPluginAsyncZod<{
  media: MediaService
  repo: MediaRepository
  gate: MediaGate
  catalog: CatalogService
  vod: VodService
  access: AccessService
  geo: GeoService
  /** `download-event`'s decisions and the remux it queues. */
  downloads: EventDownloadsService
  /** Where the files are (delivery reads through it). */
  store: MediaStore
  mediaRateLimitMax: number
  /** Sends one checked file (`createMediaFileSender`). */
  sendFile: ReturnType<typeof createMediaFileSender>
  /** Sends a live rendition's playlist, answering blocking reloads (`createLivePlaylistSender`). */
  sendLivePlaylist: ReturnType<typeof createLivePlaylistSender>
  /** The clip tool's part of an event's detail: its tags, and the recordings the viewer may clip. */
  clipInfo: (session: Session, event: Event, mayWatch: boolean) => Promise<EventClipInfo>
  /** The same for a library video: the tags for every sport, and its recordings the viewer may clip. */
  vodClipInfo: (session: Session, item: VodMedia, mayWatch: boolean) => Promise<EventClipInfo>
}> = async (app, deps) => {
  const { media, catalog, vod, access, geo } = deps

  const eventWatchability = async (session: Session, id: number) => {
    const event = await catalog.event(session, id)
    const w: Watchability = {
      hasAccess: event.has_access,
      isGeoBlocked: event.is_geo_blocked,
      mode: event.type,
      capability: 'watch',
    }
    return { event, w }
  }
  const vodWatchability = async (session: Session, id: number) => {
    const item = await vod.item(session.channel, id)
    return { item, w: access.vodWatchability(session, item.type) }
  }
  /** The device a stream is listed under (decision 0031). */
  const deviceOf = (req: FastifyRequest) => deviceName(req.headers['user-agent'])
  // Per-viewer answers (signed URLs): never stored by a shared cache.
  const privateAnswer = { 'cache-control': 'private, no-store' }

  app.get(
    '/api/events/:id',
    { schema: { tags, params: z.object({ id: Id }), response: { 200: dataOf(EventDetailSchema) } } },
    async (req, reply) => {
      const { event, w } = await eventWatchability(req.session, req.params.id)
      const info = await media.info(req.session, { type: 'event', id: event.id }, w, deviceOf(req))
      const clipInfo = await deps.clipInfo(req.session, event, info.denial === null)
      reply.headers(privateAnswer)
      // Too many streams is not a lack of access: the pass still opens the game (decision 0031).
      const hasAccess = info.denial === null || info.denial === 'too_many_streams'
      return { data: { ...event, has_access: hasAccess, ...info, ...clipInfo } }
    },
  )

  app.get(
    '/api/events/:id/playback',
    { schema: { tags, params: z.object({ id: Id }), response: { 200: dataOf(PlaybackSchema) } } },
    async (req, reply) => {
      const { event, w } = await eventWatchability(req.session, req.params.id)
      reply.headers(privateAnswer)
      return { data: await media.playback(req.session, { type: 'event', id: event.id }, w, deviceOf(req)) }
    },
  )

  app.get(
    '/api/vod-media-items/:id',
    { schema: { tags, params: z.object({ id: Id }), response: { 200: dataOf(VodMediaDetailSchema) } } },
    async (req, reply) => {
      const { item, w } = await vodWatchability(req.session, req.params.id)
      reply.headers(privateAnswer)
      const info = await media.info(req.session, { type: 'vod', id: item.id }, w, deviceOf(req))
      const clipInfo = await deps.vodClipInfo(req.session, item, info.denial === null)
      return { data: { ...item, ...info, duration: info.duration ?? item.duration, ...clipInfo } }
    },
  )

  app.get(
    '/api/vod-media-items/:id/playback',
    { schema: { tags, params: z.object({ id: Id }), response: { 200: dataOf(PlaybackSchema) } } },
    async (req, reply) => {
      const { item, w } = await vodWatchability(req.session, req.params.id)
      reply.headers(privateAnswer)
      return { data: await media.playback(req.session, { type: 'vod', id: item.id }, w, deviceOf(req)) }
    },
  )

  /**
   * Spec §7 `GET download-event/{id}`: the download capability and access to the event. The MP4 is
   * remuxed from the recording once (stream copy, faststart) and kept beside it; until then 202 with
   * the progress, which the client polls.
   */
  app.get(
    '/api/download-event/:id',
    {
      schema: {
        tags,
        params: z.object({ id: Id }),
        response: { 200: dataOf(DownloadSchema), 202: dataOf(DownloadSchema) },
      },
    },
    async (req, reply) => {
      const download = await deps.downloads.request(req.session, req.params.id)
      reply.headers(privateAnswer)
      return reply.code(download.status === 'processing' ? 202 : 200).send({ data: download })
    },
  )

  // The files. Not under /api: no api key (the token is the credential), and their own rate limit,
  // keyed on the token's session once its signature is checked (else on the address), generous
  // enough for a player fetching two-second segments.
  const fileRateLimit = (scope: TokenScope) => ({
    max: deps.mediaRateLimitMax,
    timeWindow: 60_000,
    keyGenerator: (req: { params: unknown; ip: string }) => {
      const { token, asset } = req.params as { token?: string; asset?: string }
      return (token && asset ? deps.gate.limitKeyOf(token, asset, scope) : null) ?? `ip:${req.ip}`
    },
  })

  /** Signed files: the token must fit the asset, the scope, a living session and the viewer's country. */
  const sendSigned = async (
    req: FastifyRequest,
    reply: FastifyReply,
    params: { token: string; asset: string; file: string | null },
    scope: TokenScope,
  ) => {
    const assetId = /^[1-9][0-9]{0,9}$/.test(params.asset) ? Number(params.asset) : null
    reply.header('referrer-policy', 'no-referrer')
    if (!params.file || assetId === null) return reply.code(404).send({ message: messages.notFound })
    const verdict = await deps.gate.check(params.token, assetId, geo.countryCode(req), scope)
    if (!verdict.ok) {
      const message = verdict.reason === 'geo' ? messages.geoBlocked : messages.mediaTokenInvalid
      return reply.code(verdict.status).send({ message: verdict.status === 404 ? messages.notFound : message })
    }
    const live = verdict.asset.status === 'live'
    const cacheControl = cacheControlFor(params.file, live, 'private')
    // A rendition's playlist (not the master) of a recording still being made.
    if (live && /^[^/]+\/[^/]+\.m3u8$/.test(params.file)) {
      return deps.sendLivePlaylist(req, reply, assetKey(assetId, params.file), cacheControl)
    }
    return deps.sendFile(req, reply, deps.store, assetKey(assetId, params.file), cacheControl)
  }

  // Playlists, segments and seek thumbnails, for any viewer who may watch. The downloadable MP4 sits
  // in the same folder but is not theirs: it has its own scope and path below.
  app.get(
    '/media/p/:token/:asset/*',
    { config: { rateLimit: fileRateLimit('play') }, schema: { hide: true } },
    async (req, reply) => {
      const { token, asset, '*': rest } = req.params as { token: string; asset: string; '*': string }
      const file = safeMediaPath(rest)
      return sendSigned(req, reply, { token, asset, file: file === DOWNLOAD_FILE ? null : file }, 'play')
    },
  )

  // The event's MP4, with a `download` token: only `download-event/{id}` hands those out, after the
  // download capability and access were checked.
  app.get(
    `/media/d/:token/:asset/${DOWNLOAD_FILE}`,
    { config: { rateLimit: fileRateLimit('download') }, schema: { hide: true } },
    async (req, reply) => {
      const { token, asset } = req.params as { token: string; asset: string }
      const name = (req.query as { name?: string }).name?.replace(/[^A-Za-z0-9._-]/g, '') || 'event.mp4'
      reply.header('content-disposition', `attachment; filename="${name}"`)
      return sendSigned(req, reply, { token, asset, file: DOWNLOAD_FILE }, 'download')
    },
  )

  app.get(
    '/media/o/:asset/*',
    { config: { rateLimit: fileRateLimit('play') }, schema: { hide: true } },
    async (req, reply) => {
      const { asset: assetParam, '*': rest } = req.params as { asset: string; '*': string }
      const file = safeMediaPath(rest)
      const assetId = /^[1-9][0-9]{0,9}$/.test(assetParam) ? Number(assetParam) : null
      // A pre-roll's MP4 is public as every pre-roll's address is (decision 25).
      const isPublic =
        file !== null &&
        assetId !== null &&
        ((await deps.repo.isPublicFile(assetId, file, PUBLIC_MEDIA_TYPES)) ||
          (file === PREROLL_FILE && (await deps.repo.isReadyPreroll(assetId))))
      if (!file || assetId === null || !isPublic) {
        return reply.code(404).send({ message: messages.notFound })
      }
      return deps.sendFile(req, reply, deps.store, assetKey(assetId, file), cacheControlFor(file, false, 'public'))
    },
  )
}
