import type { HandlersOf, JobKinds } from '../../jobs/job.js'

declare module '../../jobs/job.js' {
  interface JobPayloads {
    /** Delete product analytics records older than each channel's retention (scheduled, decision 0032). */
    'analytics.sweep': Record<string, never>
  }
}

/** Every hour, the first as a worker starts. */
export const analyticsJobKinds = {
  'analytics.sweep': { lane: 'scheduled', everyMs: 60 * 60_000 },
} as const satisfies JobKinds<'analytics.sweep'>

/** The retention sweep of the console's reports service. */
export function analyticsJobHandlers(reports: () => { sweep(): Promise<unknown> }): HandlersOf<'analytics.sweep'> {
  return {
    'analytics.sweep': async () => {
      await reports().sweep()
    },
  }
}
