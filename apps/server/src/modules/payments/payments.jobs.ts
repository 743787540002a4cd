import type { HandlersOf, JobKinds } from '../../jobs/job.js'

declare module '../../jobs/job.js' {
  interface JobPayloads {
    /** Renew passes that are due, expire those that ran out (scheduled). */
    'payments.renew': Record<string, never>
    /** Settle orders a crash left half done (scheduled). */
    'payments.reconcile': Record<string, never>
  }
}

/** Both every minute, the first as a worker starts. */
export const paymentJobKinds = {
  'payments.renew': { lane: 'scheduled', everyMs: 60_000 },
  'payments.reconcile': { lane: 'scheduled', everyMs: 60_000 },
} as const satisfies JobKinds<'payments.renew' | 'payments.reconcile'>

/** The payments module's scheduled work: `renewals.renewDue()` and `renewals.reconcile()`. */
export function paymentJobHandlers(
  renewals: () => {
    renewDue(): Promise<unknown>
    reconcile(): Promise<unknown>
  },
): HandlersOf<keyof typeof paymentJobKinds> {
  return {
    'payments.renew': async () => {
      await renewals().renewDue()
    },
    'payments.reconcile': async () => {
      await renewals().reconcile()
    },
  }
}
