import { STREAM_LEASE_MS } from '@fieldhouse/contract'
import { describe, expect, it } from 'vitest'
import { type Claim, type Lease, planClaim } from './stream-leases.js'

const now = 1_000_000
const lease = (id: number, over: Partial<Lease> = {}): Lease => ({
  id,
  sessionId: id * 10,
  device: 'Chrome on Linux',
  startedAt: now - 60_000 + id,
  expiresAt: now + 30_000,
  endedReason: null,
  ...over,
})
const claim = (over: Partial<Claim> = {}): Claim => ({
  sessionId: 99,
  device: 'Safari on iPhone',
  now,
  limit: 2,
  mode: 'refuse',
  kind: 'open',
  ...over,
})

describe('planClaim', () => {
  it('renews a live lease whatever the count, and starts a new one while there is room', () => {
    expect(planClaim([lease(1), lease(2), lease(3)], claim({ sessionId: 20, kind: 'renew' }))).toMatchObject({
      verdict: { ok: true },
      write: { id: 2, expiresAt: now + STREAM_LEASE_MS },
    })
    expect(planClaim([lease(1)], claim())).toMatchObject({ verdict: { ok: true }, write: { id: null, startedAt: now } })
  })

  it('over the limit: refuses, or stops the oldest; lapsed leases neither count nor stay', () => {
    const full = [lease(2), lease(1), lease(3, { expiresAt: now })]
    expect(planClaim(full, claim())).toEqual({
      verdict: { ok: false, reason: 'too_many' },
      write: null,
      replace: [],
      remove: [3],
    })
    expect(planClaim(full, claim({ mode: 'stop_oldest' }))).toMatchObject({
      verdict: { ok: true },
      replace: [1],
      remove: [3],
    })
    expect(planClaim([lease(1), lease(2, { expiresAt: now - 1 })], claim())).toMatchObject({ verdict: { ok: true } })
  })

  it('a stopped stream stays stopped on its heartbeat, and starts again only when opened', () => {
    const stopped = [lease(1), lease(9, { sessionId: 99, endedReason: 'replaced', expiresAt: now + 500_000 })]
    expect(planClaim(stopped, claim({ kind: 'renew' })).verdict).toEqual({ ok: false, reason: 'replaced' })
    expect(planClaim(stopped, claim({ kind: 'open' }))).toMatchObject({
      verdict: { ok: true },
      write: { id: null },
      remove: [9],
    })
  })
})
