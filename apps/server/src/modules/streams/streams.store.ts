import type { Claim, ClaimVerdict, Lease } from './stream-leases.js'

/** Which account a lease belongs to. */
export interface Account {
  channelId: number
  userId: number
}

/**
 * Where leases are kept: the database (`streams.repository.ts`) or Redis (`streams.redis.ts`). Every
 * method is atomic for its account; `claim` reads, decides (`planClaim`) and writes under one lock.
 */
export interface StreamLeaseStore {
  claim(account: Account, claim: Claim): Promise<ClaimVerdict>
  /** The account's leases (live, lapsed and stopped; the caller filters). */
  leases(account: Account): Promise<Lease[]>
  /** Stops a live lease of the account; false when it has none by that id. */
  stop(account: Account, leaseId: number, now: number, keptUntil: number): Promise<boolean>
  /** Forgets the session's lease if it is live (the viewer may no longer watch). */
  release(account: Account, sessionId: number): Promise<void>
  /** Forgets the leases of ended sessions: one session, or every session of a user but `keep`. */
  endSessions(ended: EndedSessions): Promise<void>
}

export type EndedSessions = { sessionId: number } | { userId: number; keepSessionId: number | null }
