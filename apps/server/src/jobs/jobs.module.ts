import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config.js'
import type { MediaStore } from '../lib/media-store/media-store.js'
import { analyticsJobHandlers } from '../modules/analytics/analytics.jobs.js'
import { clipJobFailureHook, clipJobHandlers } from '../modules/clips/clips.jobs.js'
import type { ClipsRepository } from '../modules/clips/clips.repository.js'
import { keyPlayJobHandlers } from '../modules/key-plays/key-plays.jobs.js'
import { type ReelMaker, reelJobHandlers } from '../modules/key-plays/reels.jobs.js'
import { libraryAssets } from '../modules/media/library-assets.js'
import { mediaJobHandlers } from '../modules/media/media.jobs.js'
import type { MediaRepository } from '../modules/media/media.repository.js'
import { mediaCleanupJobHandlers, mediaJobFailureHook, mediaSweep } from '../modules/media/media-cleanup.jobs.js'
import type { AlertsService } from '../modules/notifications/alerts.service.js'
import { alertJobHandlers } from '../modules/notifications/notifications.jobs.js'
import { paymentJobHandlers } from '../modules/payments/payments.jobs.js'
import { premiereJobHandlers } from '../modules/premieres/premieres.jobs.js'
import { chainFailureHooks, type JobHandlers } from './job.js'
import { SCHEDULED_JOBS, type ScheduledJobKind } from './kinds.js'

/** What a worker's jobs are built from; the services are asked for when a job needs them. */
export interface JobsDeps {
  config: Pick<Config, 'mediaDir' | 'ENCODE_PRESET' | 'UPLOAD_EXPIRY_H'>
  log: FastifyBaseLogger
  mediaRepo: MediaRepository
  clipsRepo: ClipsRepository
  store: MediaStore
  /** Content of a channel changed (an encode finished): caches drop it. */
  changed: (channelId: number) => Promise<void>
  renewals: () => { renewDue(): Promise<unknown>; reconcile(): Promise<unknown> }
  uploads: () => { sweepAbandoned(olderThanMs: number): Promise<unknown> }
  reports: () => { sweep(): Promise<unknown> }
  premieres: () => { settle(): Promise<number | null> }
  alerts: () => AlertsService
  keyPlays: () => { cut(keyPlayId: number): Promise<void>; readonly reels: ReelMaker }
}

/**
 * The worker's handlers of every kind of job (each module's `*.jobs.ts` declares its kinds and makes
 * their handlers; a kind without a handler here does not compile), what runs when a job fails for good,
 * the sweep of left-overs, and the scheduled kinds whose first runs a starting worker enqueues.
 */
export function createJobs(d: JobsDeps) {
  const { config, log, store } = d
  const sweepTemp = mediaSweep({
    mediaDir: config.mediaDir,
    uploadExpiryMs: config.UPLOAD_EXPIRY_H * 3_600_000,
    sweepAbandoned: (olderThanMs) => d.uploads().sweepAbandoned(olderThanMs),
    log,
  })
  const mediaJobDeps = { repo: d.mediaRepo, store, changed: d.changed }
  const handlers: JobHandlers = {
    ...mediaJobHandlers({ ...mediaJobDeps, mediaDir: config.mediaDir, preset: config.ENCODE_PRESET }),
    ...mediaCleanupJobHandlers(sweepTemp),
    ...clipJobHandlers({ repo: d.clipsRepo, store, mediaDir: config.mediaDir }),
    ...paymentJobHandlers(d.renewals),
    ...analyticsJobHandlers(d.reports),
    ...premiereJobHandlers(d.premieres),
    ...alertJobHandlers(d.alerts),
    ...keyPlayJobHandlers(d.keyPlays),
    ...reelJobHandlers({
      ...{ reels: () => d.keyPlays().reels, store, mediaDir: config.mediaDir, changed: d.changed, log },
      assets: libraryAssets({ repo: d.mediaRepo, store }),
    }),
  }
  return {
    handlers,
    onFailure: chainFailureHooks(mediaJobFailureHook(mediaJobDeps), clipJobFailureHook({ repo: d.clipsRepo, store })),
    sweepTemp,
    scheduled: Object.entries(SCHEDULED_JOBS) as [ScheduledJobKind, (typeof SCHEDULED_JOBS)[ScheduledJobKind]][],
  }
}
