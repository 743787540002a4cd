/**
 * What a job is, for the modules that declare and run kinds of them. Each module declares its kinds
 * in its own `*.jobs.ts` — the payload (by adding to `JobPayloads` below), the lane and, for a scheduled
 * one, its period (a `JobKinds` object that `jobs/kinds.ts` gathers) — beside their handlers. This file
 * imports nothing, so every module's jobs file may import it.
 */

/**
 * The jobs the worker runs, with their payloads: each module adds its kinds from its `*.jobs.ts`
 * (`declare module '../../jobs/job.js' { interface JobPayloads { 'clips.cut': … } }`).
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the modules' declarations
export interface JobPayloads {}
export type JobKind = keyof JobPayloads

/**
 * Which lane a kind of job runs in (decision 0042): `urgent`, what a person is waiting for (a clip, a
 * download), claimed first and run in slots of its own beside the batch; `batch`, encodes, run in the
 * worker's slots with a fair share per channel; `scheduled`, short housekeeping, run beside both.
 */
export type JobLane = 'urgent' | 'batch' | 'scheduled'

/**
 * A kind of job as its module declares it. A scheduled one (`lane: 'scheduled'`, payload `{}`) runs every
 * `everyMs`: each run, once it ends, enqueues the next (sooner when its handler answers an earlier time);
 * the worker enqueues the first at start, `firstAfterMs` after it when given (else at once).
 */
export type JobKindSpec = { lane: 'urgent' | 'batch' } | { lane: 'scheduled'; everyMs: number; firstAfterMs?: number }

/** A module's kinds of job, each with its spec; `satisfies JobKinds<'clips.cut'>` checks them. */
export type JobKinds<K extends JobKind = JobKind> = { readonly [P in K]: JobKindSpec }

export interface Job<K extends JobKind = JobKind> {
  id: number
  kind: K
  payload: JobPayloads[K]
  attempts: number
  maxAttempts: number
  channelId: number | null
}

/** A failure that another attempt cannot fix (a corrupt upload, a deleted owner): no retry. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError'
}

export interface JobContext {
  signal: AbortSignal
  /** 0–100; also keeps the job's lease alive. */
  progress(percent: number): void
}

/**
 * Runs one job. A scheduled job's handler may answer a time (epoch ms) for its next run, taken when it is
 * sooner than its period (the premieres' next start or end); any other answer is ignored.
 */
export type JobHandler<K extends JobKind> = (job: Job<K>, ctx: JobContext) => Promise<unknown>

/** Handlers of some kinds (a module's); `JobHandlers` is all of them. */
export type HandlersOf<K extends JobKind> = { [P in K]: JobHandler<P> }

/** Every kind of job with its handler: a kind without one does not compile. */
export type JobHandlers = HandlersOf<JobKind>

/** What a handler learns when its last attempt failed, to record the reason where users see it. */
export type FailureHook = (job: Job, error: Error, willRetry: boolean) => Promise<void>

/** Several modules' failure hooks, each told in turn. */
export const chainFailureHooks =
  (...hooks: FailureHook[]): FailureHook =>
  async (job, error, willRetry) => {
    for (const hook of hooks) await hook(job, error, willRetry)
  }
