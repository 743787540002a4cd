import type { PremiereStatus } from '@fieldhouse/contract'

/** What the clock needs of a premiere. */
export interface PremiereTimes {
  starts_at: number
  duration_ms: number
  repeat_every_ms: number | null
}

/** One showing of a premiere: the one under way, else the next, else (shown once) the last. */
export interface Showing {
  status: PremiereStatus
  startsAt: number
  endsAt: number
}

/**
 * Which showing of a premiere `now` falls in or before, and how it stands. Pure: every process and
 * every viewer asking at the same instant gets the same answer. A repeating premiere's next showing
 * starts `repeat_every_ms` after the previous one started; it is never `ended`.
 */
export function showingAt(p: PremiereTimes, now: number): Showing {
  let startsAt = p.starts_at
  if (p.repeat_every_ms && now >= p.starts_at + p.duration_ms) {
    const k = Math.floor((now - p.starts_at) / p.repeat_every_ms)
    startsAt = p.starts_at + k * p.repeat_every_ms
    if (now >= startsAt + p.duration_ms) startsAt += p.repeat_every_ms
  }
  const endsAt = startsAt + p.duration_ms
  const status: PremiereStatus = now < startsAt ? 'upcoming' : now < endsAt ? 'live' : 'ended'
  return { status, startsAt, endsAt }
}

/** When the premiere next changes status after `now` (its start or its end); null once it has ended for good. */
export function nextChangeAt(p: PremiereTimes, now: number): number | null {
  const s = showingAt(p, now)
  if (s.status === 'upcoming') return s.startsAt
  if (s.status === 'live') return s.endsAt
  return null
}

/** The event's stream status a premiere's showing gives it. */
export const streamStatusOf = (s: Showing): 'upcoming' | 'live' | 'vod' => (s.status === 'ended' ? 'vod' : s.status)
