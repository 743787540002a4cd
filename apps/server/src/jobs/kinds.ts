import { analyticsJobKinds } from '../modules/analytics/analytics.jobs.js'
import { clipJobKinds } from '../modules/clips/clips.jobs.js'
import { keyPlayJobKinds } from '../modules/key-plays/key-plays.jobs.js'
import { reelJobKinds } from '../modules/key-plays/reels.jobs.js'
import { mediaJobKinds } from '../modules/media/media.jobs.js'
import { mediaCleanupJobKinds } from '../modules/media/media-cleanup.jobs.js'
import { alertJobKinds } from '../modules/notifications/notifications.jobs.js'
import { paymentJobKinds } from '../modules/payments/payments.jobs.js'
import { premiereJobKinds } from '../modules/premieres/premieres.jobs.js'
import type { JobKind, JobKindSpec, JobLane } from './job.js'

/**
 * Every kind of job with its lane and, for a scheduled one, its period: the modules' declarations
 * (each module's `*.jobs.ts`), gathered. A kind added to `JobPayloads` and left out here does not compile.
 */
export const JOB_KINDS = {
  ...mediaJobKinds,
  ...mediaCleanupJobKinds,
  ...clipJobKinds,
  ...paymentJobKinds,
  ...analyticsJobKinds,
  ...premiereJobKinds,
  ...alertJobKinds,
  ...keyPlayJobKinds,
  ...reelJobKinds,
} as const satisfies { readonly [K in JobKind]: JobKindSpec }

type Kinds = typeof JOB_KINDS
export type ScheduledJobKind = { [K in keyof Kinds]: Kinds[K] extends { lane: 'scheduled' } ? K : never }[keyof Kinds]

export const laneOf = (kind: string): JobLane => (JOB_KINDS as Record<string, JobKindSpec>)[kind]?.lane ?? 'batch'
export const isScheduledJob = (kind: string): kind is ScheduledJobKind => laneOf(kind) === 'scheduled'

/** The scheduled kinds with their periods, and how long after a worker starts the first run is. */
export const SCHEDULED_JOBS = Object.fromEntries(
  Object.entries(JOB_KINDS as Record<string, JobKindSpec>).flatMap(([kind, spec]) =>
    spec.lane === 'scheduled' ? [[kind, { everyMs: spec.everyMs, firstAfterMs: spec.firstAfterMs ?? 0 }]] : [],
  ),
) as Record<ScheduledJobKind, { everyMs: number; firstAfterMs: number }>
