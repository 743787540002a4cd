import { createTtlStorage, type KeyValueBackend } from '../../storage/ttl-storage'
import { ANALYTICS_SESSION_MS } from './analytics-session'

export const SEEN_ERRORS_KEY = 'analytics_errors'
/** Past this many different errors in one session, the rest are not reported (a page in a loop). */
export const MAX_ERRORS_PER_SESSION = 50

/** What makes two reports the same error: where it came from, its message, the first place in its stack. */
export function errorFingerprint(report: {
  kind: string
  message: string
  stack: string | null
  status: number | null
  request_url: string | null
}): string {
  const firstFrame =
    report.stack
      ?.split('\n')
      .find((line) => /:\d+:\d+/.test(line))
      ?.trim() ?? ''
  return [report.kind, report.status ?? '', report.request_url ?? '', report.message.slice(0, 200), firstFrame].join(
    '|',
  )
}

/**
 * Client error reports are sent once per error and analytics session (kept with the session in local
 * storage, so a reload that fails the same way does not report it again).
 */
export function createErrorDedupe({
  backend,
  session,
  now = Date.now,
}: {
  backend: KeyValueBackend
  session: () => string | null
  now?: () => number
}) {
  const storage = createTtlStorage({ backend, ttlMs: ANALYTICS_SESSION_MS, now })
  const read = (): { session: string | null; seen: string[] } => {
    try {
      const parsed = JSON.parse(storage.getItem(SEEN_ERRORS_KEY) ?? 'null') as { session?: unknown; seen?: unknown }
      if (parsed && Array.isArray(parsed.seen)) {
        return { session: typeof parsed.session === 'string' ? parsed.session : null, seen: parsed.seen.map(String) }
      }
    } catch {
      // Unreadable: start over.
    }
    return { session: null, seen: [] }
  }
  return {
    /** True the first time this fingerprint is seen in the current session (and remembers it). */
    firstTime(fingerprint: string): boolean {
      const current = session()
      const stored = read()
      // A report made before the session existed counts for the session made next.
      const seen = stored.session === current || stored.session === null ? stored.seen : []
      if (seen.includes(fingerprint) || seen.length >= MAX_ERRORS_PER_SESSION) return false
      storage.setItem(SEEN_ERRORS_KEY, JSON.stringify({ session: current, seen: [...seen, fingerprint] }))
      return true
    },
  }
}
