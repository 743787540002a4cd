import type { HandlersOf, JobKinds } from '../../jobs/job.js'

declare module '../../jobs/job.js' {
  interface JobPayloads {
    /** Put premiered events' status and start in step with the clock (scheduled, decision 0030). */
    'premieres.settle': Record<string, never>
  }
}

/**
 * At most 30 s apart, and at the next start or end of a showing when that is sooner (the handler answers
 * it; scheduling or moving a premiere brings the run forward too): a premiere turns live at its time,
 * within the worker's wake-up (it wakes for a scheduled job when it is due).
 */
export const premiereJobKinds = {
  'premieres.settle': { lane: 'scheduled', everyMs: 30_000 },
} as const satisfies JobKinds<'premieres.settle'>

export function premiereJobHandlers(
  premieres: () => { settle(): Promise<number | null> },
): HandlersOf<'premieres.settle'> {
  return { 'premieres.settle': () => premieres().settle() }
}
