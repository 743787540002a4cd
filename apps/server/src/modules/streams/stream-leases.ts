import { type OverLimitMode, STREAM_LEASE_MS } from '@fieldhouse/contract'

/**
 * The rule of simultaneous streams (decision 0031), pure: given an account's leases as they stand and
 * one device's claim, what the answer is and what to write. Each store (SQL, Redis) reads the account's
 * leases, asks this, and writes the result under one lock, so two devices starting at once cannot both
 * take the last place.
 */

/** How long a stopped stream's lease is kept, so its player's renewals keep learning why it stopped. */
export const STOPPED_KEPT_MS = 10 * 60_000

export interface Lease {
  id: number
  sessionId: number
  device: string
  startedAt: number
  /** A live lease lapses then; a stopped one is forgotten then. */
  expiresAt: number
  endedReason: 'stopped' | 'replaced' | null
}

export interface Claim {
  sessionId: number
  device: string
  now: number
  /** At least 1 (no limit needs no lease). */
  limit: number
  mode: OverLimitMode
  /**
   * `open`: the viewer opened the video (a page, a reload, "watch here"): a stream stopped on this
   * device starts again. `renew`: the player's heartbeat: a stopped stream stays stopped.
   */
  kind: 'open' | 'renew'
}

export type ClaimVerdict = { ok: true } | { ok: false; reason: 'too_many' | 'stopped' | 'replaced' }

export interface ClaimPlan {
  verdict: ClaimVerdict
  /** The claimant's lease to write: `id` null for a new row (any old row of the session is removed first). */
  write: { id: number | null; startedAt: number; expiresAt: number; device: string } | null
  /** Leases to stop as the oldest over the limit. */
  replace: number[]
  /** Lapsed live leases and forgotten stopped ones, to delete. */
  remove: number[]
}

export const isLive = (l: Lease, now: number) => l.endedReason === null && l.expiresAt > now

export function planClaim(leases: readonly Lease[], claim: Claim): ClaimPlan {
  const { now } = claim
  const mine = leases.find((l) => l.sessionId === claim.sessionId)
  const remove = leases.filter((l) => l !== mine && l.expiresAt <= now).map((l) => l.id)
  const expiresAt = now + STREAM_LEASE_MS

  if (mine && isLive(mine, now)) {
    return { verdict: { ok: true }, write: { ...mine, expiresAt }, replace: [], remove }
  }
  if (mine?.endedReason && mine.expiresAt > now && claim.kind === 'renew') {
    return { verdict: { ok: false, reason: mine.endedReason }, write: null, replace: [], remove }
  }
  // A new stream on this device (its old lease, lapsed or stopped, goes).
  if (mine) remove.push(mine.id)
  const others = leases
    .filter((l) => l !== mine && isLive(l, now))
    .sort((a, b) => a.startedAt - b.startedAt || a.id - b.id)
  const write = { id: null, startedAt: now, expiresAt, device: claim.device }
  if (others.length < claim.limit) return { verdict: { ok: true }, write, replace: [], remove }
  if (claim.mode === 'refuse') {
    // Nothing is written for a refused claim but the clean-up (its own old row included).
    return { verdict: { ok: false, reason: 'too_many' }, write: null, replace: [], remove }
  }
  const replace = others.slice(0, others.length - claim.limit + 1).map((l) => l.id)
  return { verdict: { ok: true }, write, replace, remove }
}
