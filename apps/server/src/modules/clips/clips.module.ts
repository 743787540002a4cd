import type { FastifyPluginAsync } from 'fastify'
import type { JobQueue } from '../../jobs/queue.js'
import type { MediaStore } from '../../lib/media-store/media-store.js'
import type { AuditSink } from '../../lib/operator.js'
import type { AccessService } from '../access/access.service.js'
import type { CatalogService } from '../catalog/catalog.service.js'
import type { VodService } from '../catalog/vod.service.js'
import type { MediaService } from '../media/media.service.js'
import type { UploadsService } from '../media/uploads.service.js'
import { ClipSharingService } from './clip-sharing.service.js'
import { type ClipRecordings, ClipSources } from './clip-sources.js'
import { ClipViews } from './clip-views.js'
import { clipsAdminRoutes } from './clips.admin.routes.js'
import type { ClipsRepository } from './clips.repository.js'
import { clipsRoutes } from './clips.routes.js'
import { ClipsService } from './clips.service.js'
import { ClipsModerationService } from './clips-moderation.service.js'
import { OfficialClips } from './official-clips.js'

/** What the clips service is built from (the container fills it). */
export interface ClipsDeps {
  repo: ClipsRepository
  catalog: CatalogService
  vod: VodService
  access: AccessService
  /** The media module's recordings, asked for when a clip needs one. */
  media: () => Pick<MediaService, 'recordingsOf' | 'recording'>
  store: MediaStore
  queue: JobQueue
  secret: Buffer
  /** Where the console's moderation writes are recorded. */
  audit: AuditSink
  clock: () => number
}

/**
 * Clips and moments (spec §6), reading recordings through a narrow view of the media module's:
 * - `service`: the viewer's clips (making one, retrying, deleting, listing, downloading) and the clip tool's sources;
 * - `sharing`: the share link and page, the feed of moments, the signed clip files and public posters;
 * - `moderation`: the console's clips (decision 0024).
 */
function createClips(d: ClipsDeps) {
  const { media, repo, store } = d
  const recordings: ClipRecordings = {
    of: (channelId, subject) => media().recordingsOf(channelId, subject),
    find: (assetId) => media().recording(assetId),
  }
  const views = new ClipViews({ secret: d.secret, clock: d.clock })
  const lookups = { repo, catalog: d.catalog, vod: d.vod, access: d.access }
  const sources = new ClipSources({ recordings, store })
  return {
    service: new ClipsService({
      ...lookups,
      sources,
      views,
      store,
      queue: d.queue,
    }),
    sharing: new ClipSharingService({ ...lookups, views, secret: d.secret }),
    moderation: new ClipsModerationService({ repo, store, views, audit: d.audit }),
    official: new OfficialClips({ repo, sources, store, queue: d.queue }),
  }
}
export type Clips = ReturnType<typeof createClips>

/** The clips module's HTTP side: the viewer's clips, the share links and clip files, and the console's moderation. */
const clipsHttp: FastifyPluginAsync<
  { clips: Clips } & Omit<Parameters<typeof clipsRoutes>[1], 'clips' | 'sharing'>
> = async (app, { clips, ...files }) => {
  await app.register(clipsRoutes, { clips: clips.service, sharing: clips.sharing, ...files })
  await app.register(clipsAdminRoutes, { clips: clips.moderation })
}

/**
 * What the container and the app take of the clips module: `build` (the container's `clips`) and
 * `routes` (registered once in app.ts). Its jobs are in clips.jobs.ts.
 */
export const clipsModule = { build: createClips, routes: clipsHttp }

/**
 * What goes with a deleted event, library video or pre-roll (the console's deletes): its videos, and
 * the files of the clips cut from it. Asked before the row goes (a live recording refuses), run after.
 */
export function ownerMediaCleanup(
  uploads: () => Pick<UploadsService, 'videosOfOwner'>,
  clips: () => Pick<Clips, 'service'>,
) {
  return async (channelId: number, owner: { type: 'event' | 'vod' | 'preroll'; id: number }) => {
    const videos = await uploads().videosOfOwner(channelId, owner)
    const { type, id } = owner
    const clipFiles = type === 'preroll' ? null : await clips().service.filesOfSubject(channelId, { type, id })
    return async () => {
      await clipFiles?.()
      await videos()
    }
  }
}
