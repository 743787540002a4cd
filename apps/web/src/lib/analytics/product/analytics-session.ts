import { analyticsConstants } from '@fieldhouse/contract'
import { createTtlStorage, type KeyValueBackend } from '../../storage/ttl-storage'

/** Spec §4, §9: the analytics session lives 24 hours, the outer tracking value (`trk`) 3 hours. */
export const ANALYTICS_SESSION_MS = analyticsConstants.sessionLifetimeMs
export const TRACKING_VALUE_MS = analyticsConstants.trkLifetimeMs

/** Local storage names, under the app's `rudy_` prefix (spec §9). */
export const SESSION_KEY = analyticsConstants.storageKeys.session
export const TRK_KEY = analyticsConstants.storageKeys.trk

export interface SessionCalls {
  /** `GET /datalake/hash/`: a new session hash. */
  hash(): Promise<string>
  /** `GET /datalake/session/`: the session made known to the service, with the device's description. */
  register(session: string): Promise<void>
}

/**
 * The analytics session of this browser: made once (hash, then session) and kept 24 hours from then,
 * whatever pages come and go. Asking while it is being made waits for the same one; a failure leaves
 * nothing stored, so the next ask starts over.
 */
export function createAnalyticsSession({
  backend,
  calls,
  now = Date.now,
}: {
  backend: KeyValueBackend
  calls: SessionCalls
  now?: () => number
}) {
  const storage = createTtlStorage({ backend, ttlMs: ANALYTICS_SESSION_MS, now })
  let making: Promise<string> | null = null
  return {
    /** The current session, stored; null when none is (or it has expired). */
    current: () => storage.getItem(SESSION_KEY),
    ensure(): Promise<string> {
      const stored = storage.getItem(SESSION_KEY)
      if (stored) return Promise.resolve(stored)
      making ??= (async () => {
        try {
          const session = await calls.hash()
          await calls.register(session)
          storage.setItem(SESSION_KEY, session)
          return session
        } finally {
          making = null
        }
      })()
      return making
    },
  }
}
export type AnalyticsSession = ReturnType<typeof createAnalyticsSession>

/**
 * The outer tracking value: `trk` in the address the viewer arrived with is kept 3 hours (a newer one
 * replaces it), and goes with every event meanwhile.
 */
export function createTrackingValue({ backend, now = Date.now }: { backend: KeyValueBackend; now?: () => number }) {
  const storage = createTtlStorage({ backend, ttlMs: TRACKING_VALUE_MS, now })
  return {
    /** Reads `trk` from a query string (`?a=1&trk=x`); stores it when present and not empty. */
    takeFrom(search: string) {
      const value = new URLSearchParams(search).get(analyticsConstants.trkParam)?.trim()
      if (value) storage.setItem(TRK_KEY, value.slice(0, 200))
    },
    current: (): string | null => storage.getItem(TRK_KEY),
  }
}
