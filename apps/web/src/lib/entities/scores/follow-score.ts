import type { ScoreTimeline } from '@fieldhouse/contract'
import { httpStatus } from '../../api/error-text'

export interface FollowScoreOptions {
  /** The timeline held now: the loop asks for one newer than its version. */
  start: ScoreTimeline
  /**
   * `GET /api/events/{id}/score?after={after}`: answers once the version is newer than `after`, or after
   * about 25 s with the current one.
   */
  fetchAfter: (after: number, signal: AbortSignal) => Promise<ScoreTimeline>
  /** Hears every newer timeline. */
  onTimeline: (timeline: ScoreTimeline) => void
  /** Stops the loop (the page left, the tab was hidden); the request under way is cancelled. */
  signal: AbortSignal
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>
  /** The wait after a failure, doubling up to `maxMs`; and the pause after an answer with nothing new. */
  delays?: { firstFailureMs: number; maxFailureMs: number; unchangedMs: number }
}

export const followScoreDelays = { firstFailureMs: 2_000, maxFailureMs: 60_000, unchangedMs: 1_000 }

/** Why the loop ended. */
export type FollowScoreEnd = 'final' | 'stopped' | 'gone'

/** Resolves after `ms`, or at once when `signal` aborts. */
export const abortableSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve()
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    signal.addEventListener('abort', done, { once: true })
  })

/**
 * Keeps a game's score timeline fresh by long-polling (decision 0057): each request names the version
 * held, the server answers when there is a newer one (or with the same one after ~25 s), and the next
 * request goes out at once with the new version. Failures wait 2 s, 4 s, 8 s … up to a minute before the
 * next try; an answer with nothing new waits a second (a server that does not hold the request is not
 * asked in a tight loop). Ends when the game is final, when `signal` aborts, or when the event has no
 * score (404).
 */
export async function followScoreTimeline({
  start,
  fetchAfter,
  onTimeline,
  signal,
  sleep = abortableSleep,
  delays = followScoreDelays,
}: FollowScoreOptions): Promise<FollowScoreEnd> {
  let current = start
  let failures = 0
  while (current.status !== 'final') {
    if (signal.aborted) return 'stopped'
    let next: ScoreTimeline
    try {
      next = await fetchAfter(current.version, signal)
    } catch (error) {
      if (signal.aborted) return 'stopped'
      if (httpStatus(error) === 404) return 'gone'
      failures++
      await sleep(Math.min(delays.maxFailureMs, delays.firstFailureMs * 2 ** (failures - 1)), signal)
      continue
    }
    if (signal.aborted) return 'stopped'
    failures = 0
    if (next.version !== current.version || next.status !== current.status) {
      current = next
      onTimeline(next)
    } else {
      await sleep(delays.unchangedMs, signal)
    }
  }
  return 'final'
}
