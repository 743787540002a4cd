import type { MediaJobHandlers } from '../modules/media/media.jobs.js'
import type { JobHandlers } from './worker.js'

export interface JobHandlerDeps {
  /** Encodes, downloads, live replays and demo videos. */
  media: MediaJobHandlers
  /** Cuts clips. */
  clips: Pick<JobHandlers, 'clips.cut'>
  /** Renews the passes that are due and expires those that ran out. */
  renewDue: () => Promise<unknown>
  /** Settles the orders a crash left half done. */
  reconcile: () => Promise<unknown>
  /** Removes the temp folders that killed encodes left. */
  sweepTemp: () => void
  /** Deletes analytics records past their channel's retention. */
  sweepAnalytics: () => Promise<unknown>
}

/**
 * Every kind of job with its handler, in one map (a kind added to `JobPayloads` without a handler
 * here does not compile). The scheduled ones (jobs/queue.ts `SCHEDULED_JOBS`) enqueue their next run
 * when they end.
 */
export function jobHandlers(deps: JobHandlerDeps): JobHandlers {
  return {
    ...deps.media,
    ...deps.clips,
    'media.sweep-temp': async () => deps.sweepTemp(),
    'payments.renew': async () => {
      await deps.renewDue()
    },
    'payments.reconcile': async () => {
      await deps.reconcile()
    },
    'analytics.sweep': async () => {
      await deps.sweepAnalytics()
    },
  }
}
