import fs from 'node:fs/promises'
import path from 'node:path'
import { checkUpload } from '@fieldhouse/media'
import type { FileStore } from '@tus/file-store'
import type { FastifyPluginAsync } from 'fastify'
import type { Config } from '../../config.js'
import type { JobQueue } from '../../jobs/queue.js'
import type { MediaStore } from '../../lib/media-store/index.js'
import type { AuditSink } from '../../lib/operator.js'
import type { AccessService } from '../access/access.service.js'
import { EventDownloadsService } from './event-downloads.service.js'
import { createMediaFileSender, HotFileCache } from './media.files.js'
import type { MediaRepository } from './media.repository.js'
import { mediaRoutes } from './media.routes.js'
import { MediaService, type PlaybackStreams, type PremiereShowings } from './media.service.js'
import { uploadBytes } from './tus-uploads.js'
import type { UploadsRepository } from './uploads.repository.js'
import { uploadsRoutes } from './uploads.routes.js'
import { UploadsService, type UploadTargets } from './uploads.service.js'

/** Videos and their playback: recordings, previews and playback tokens (spec §5). */
function createMedia(d: {
  repo: MediaRepository
  access: AccessService
  secret: Buffer
  config: Pick<Config, 'mediaDir' | 'PLAYBACK_TOKEN_TTL_S'>
  clock: () => number
  /** The account's simultaneous streams (decision 0031). */
  streams: () => PlaybackStreams
  premieres: () => PremiereShowings
}) {
  const { config } = d
  return new MediaService(d.repo, d.access, {
    ...{ mediaDir: config.mediaDir, secret: d.secret, tokenTtlMs: config.PLAYBACK_TOKEN_TTL_S * 1000 },
    clock: d.clock,
    streams: d.streams(),
    premieres: d.premieres,
  })
}

/** Event downloads (spec §7 `download-event`): the catalogue's event, the viewer's capabilities, the remux job. */
const createEventDownloads = (d: ConstructorParameters<typeof EventDownloadsService>[0]) => new EventDownloadsService(d)

/** Uploads from the console (tus): checked (`checkUpload`), then encoded into the owner's new video. */
function createUploads(d: {
  repo: UploadsRepository
  targets: UploadTargets
  media: MediaRepository
  mediaService: MediaService
  queue: JobQueue
  store: MediaStore
  /** Where tus keeps the bytes of uploads under way. */
  datastore: FileStore
  config: Pick<Config, 'mediaDir' | 'uploadsDir' | 'UPLOAD_MAX_BYTES' | 'UPLOAD_DISK_RESERVE_BYTES'>
  audit: AuditSink
  changed: (channelId: number) => Promise<void>
  clock: () => number
}) {
  const { datastore, config, ...parts } = d
  return new UploadsService({
    ...parts,
    bytes: uploadBytes(config.uploadsDir, datastore),
    check: checkUpload,
    importsDir: path.join(config.mediaDir, 'imports'),
    maxBytes: config.UPLOAD_MAX_BYTES,
    freeBytes: async () => {
      const disk = await fs.statfs(config.uploadsDir)
      return disk.bavail * disk.bsize
    },
    reserveBytes: config.UPLOAD_DISK_RESERVE_BYTES,
  })
}

/** The media module's HTTP side: videos' details, playback and downloads, the media files, and the console's uploads. */
const mediaHttp: FastifyPluginAsync<{
  playback: Parameters<typeof mediaRoutes>[1]
  uploads: Parameters<typeof uploadsRoutes>[1]
}> = async (app, o) => {
  await app.register(mediaRoutes, o.playback)
  await app.register(uploadsRoutes, o.uploads)
}

/** What serves media files: segments and keys from memory while hot (`MEDIA_MEMORY_CACHE_MB`). */
const createFileSender = (config: Pick<Config, 'MEDIA_MEMORY_CACHE_MB'>) =>
  createMediaFileSender(new HotFileCache(config.MEDIA_MEMORY_CACHE_MB * 1024 * 1024))

/**
 * What the container and the app take of the media module: the container's `media`, `eventDownloads`,
 * `uploads` and `sendMediaFile`, and `routes` (registered once in app.ts). Its jobs are in media.jobs.ts and media-cleanup.jobs.ts.
 */
export const mediaModule = {
  build: createMedia,
  downloads: createEventDownloads,
  uploads: createUploads,
  fileSender: createFileSender,
  routes: mediaHttp,
}
