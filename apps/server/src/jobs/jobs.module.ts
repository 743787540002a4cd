import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config.js'
import type { MediaStore } from '../lib/media-store/media-store.js'
import type { Analytics } from '../modules/analytics/analytics.module.js'
import { clipJobFailureHook, clipJobHandlers } from '../modules/clips/clips.jobs.js'
import type { ClipsRepository } from '../modules/clips/clips.repository.js'
import type { ClipsService } from '../modules/clips/clips.service.js'
import { mediaJobFailureHook, mediaJobHandlers } from '../modules/media/media.jobs.js'
import type { MediaRepository } from '../modules/media/media.repository.js'
import type { UploadsService } from '../modules/media/uploads.service.js'
import type { Payments } from '../modules/payments/payments.module.js'
import { jobHandlers } from './handlers.js'
import { sweepTempFolders } from './temp-folders.js'
import { chainFailureHooks } from './worker.js'

/** What a worker's jobs are built from; the services are asked for when a job needs them. */
export interface JobsDeps {
  config: Pick<Config, 'mediaDir' | 'ENCODE_PRESET' | 'UPLOAD_EXPIRY_H'>
  log: FastifyBaseLogger
  mediaRepo: MediaRepository
  clipsRepo: ClipsRepository
  store: MediaStore
  /** Content of a channel changed (an encode finished): caches drop it. */
  changed: (channelId: number) => Promise<void>
  clips: () => ClipsService
  payments: () => Payments
  uploads: () => Pick<UploadsService, 'sweepAbandoned'>
  analytics: () => Pick<Analytics, 'reports'>
}

/** The worker's handlers of every kind of job, what runs when a job fails for good, and the sweep of left-overs. */
export function createJobs(d: JobsDeps) {
  const { config, log, store } = d
  const tempDir = path.join(config.mediaDir, 'tmp')
  const sweepTemp = () => {
    d.uploads()
      .sweepAbandoned(config.UPLOAD_EXPIRY_H * 3_600_000)
      .catch((error) => log.warn({ err: error }, 'abandoned upload sweep failed'))
    try {
      const removed = sweepTempFolders(tempDir, { staleAfterMs: 60 * 60_000 })
      if (removed.length > 0) log.info({ removed }, 'removed temp folders of encodes that were killed')
    } catch (error) {
      log.warn({ err: error }, 'temp folder sweep failed')
    }
  }
  const mediaJobDeps = { repo: d.mediaRepo, store, changed: d.changed }
  return {
    handlers: jobHandlers({
      media: mediaJobHandlers({ ...mediaJobDeps, mediaDir: config.mediaDir, preset: config.ENCODE_PRESET }),
      // Passes: renewals and expiries, and orders a crash left half done.
      renewDue: () => d.payments().renewals.renewDue(),
      reconcile: () =>
        d
          .payments()
          .renewals.reconcile()
          .then(() => undefined),
      clips: clipJobHandlers({ repo: d.clipsRepo, clips: d.clips, store, mediaDir: config.mediaDir }),
      sweepTemp,
      sweepAnalytics: () => d.analytics().reports.sweep(),
    }),
    onFailure: chainFailureHooks(mediaJobFailureHook(mediaJobDeps), clipJobFailureHook({ repo: d.clipsRepo, store })),
    sweepTemp,
  }
}
