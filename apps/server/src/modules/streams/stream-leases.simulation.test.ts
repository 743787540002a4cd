import { STREAM_HEARTBEAT_MS, STREAM_LEASE_MS } from '@fieldhouse/contract'
import { describe, expect, it } from 'vitest'
import { type Claim, type ClaimVerdict, isLive, type Lease, planClaim } from './stream-leases.js'

/** A store that applies `planClaim` as the database and Redis stores do, in memory. */
function memoryStore() {
  const accounts = new Map<number, Lease[]>()
  let nextId = 1
  return {
    claim(userId: number, claim: Claim): ClaimVerdict {
      const leases = accounts.get(userId) ?? []
      const plan = planClaim(leases, claim)
      let next = leases.filter((l) => !plan.remove.includes(l.id))
      next = next.map((l) =>
        plan.replace.includes(l.id) ? { ...l, endedReason: 'replaced' as const, expiresAt: claim.now + 600_000 } : l,
      )
      if (plan.write?.id === null) {
        next.push({ ...plan.write, id: nextId++, sessionId: claim.sessionId, endedReason: null })
      } else if (plan.write) {
        const id = plan.write.id
        next = next.map((l) => (l.id === id ? { ...l, expiresAt: plan.write?.expiresAt ?? l.expiresAt } : l))
      }
      accounts.set(userId, next)
      return plan.verdict
    },
    live(userId: number, now: number) {
      return (accounts.get(userId) ?? []).filter((l) => isLive(l, now))
    },
  }
}

/** A seeded generator (mulberry32): the same run every time. */
function random(seed: number) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

interface Device {
  userId: number
  sessionId: number
  /** When its next heartbeat leaves the player. */
  nextAt: number
  startedAt: number | null
  /** Set once the server refused it. */
  refusedAt: number | null
  refusal: string | null
}

const ACCOUNTS = 500
const DEVICES = 3
const LOSS = 0.1
const JITTER_MS = 5_000
const MINUTES = 30

/**
 * 500 accounts × 3 devices, each renewing every 30 s ± 5 s; one heartbeat in ten never reaches the
 * server (the player only tries again at its next turn, the worst case for a lapse). The clock is the
 * simulation's; the rule and the store are the product's.
 */
function simulate(mode: 'refuse' | 'stop_oldest', extra: { at: number; accounts: number } | null) {
  const rand = random(mode === 'refuse' ? 19 : 31)
  const store = memoryStore()
  const jitter = () => (rand() * 2 - 1) * JITTER_MS
  const devices: Device[] = []
  for (let u = 1; u <= ACCOUNTS; u++) {
    for (let d = 0; d < DEVICES; d++) {
      devices.push({
        userId: u,
        sessionId: u * 10 + d,
        nextAt: rand() * STREAM_HEARTBEAT_MS,
        startedAt: null,
        refusedAt: null,
        refusal: null,
      })
    }
  }
  const latecomers: Device[] = []
  if (extra) {
    for (let u = 1; u <= extra.accounts; u++) {
      const d: Device = {
        userId: u,
        sessionId: u * 10 + 9,
        nextAt: extra.at,
        startedAt: null,
        refusedAt: null,
        refusal: null,
      }
      latecomers.push(d)
      devices.push(d)
    }
  }
  const end = MINUTES * 60_000
  const claimsAfterOver = new Map<Device, number>()
  /** How long after being put over the limit each stopped stream's player next called. */
  const firstTry = new Map<Device, number>()
  const over: Array<{ device: Device; since: number; playing: number[] }> = []
  for (;;) {
    let next: Device | undefined
    for (const d of devices) if (d.refusedAt === null && (!next || d.nextAt < next.nextAt)) next = d
    if (!next || next.nextAt > end) break
    const now = next.nextAt
    const opening = next.startedAt === null
    const cut = over.find((o) => o.device === next)
    if (cut && !firstTry.has(next)) firstTry.set(next, now - cut.since)
    // The open (a page load) always arrives; a heartbeat is lost one time in ten.
    if (opening || rand() >= LOSS) {
      const device = next
      const before = store.live(device.userId, now).map((l) => l.sessionId)
      const verdict = store.claim(device.userId, {
        sessionId: device.sessionId,
        device: 'Chrome on Linux',
        now,
        limit: DEVICES,
        mode,
        kind: opening ? 'open' : 'renew',
      })
      if (opening) device.startedAt = now
      if (!verdict.ok) {
        device.refusedAt = now
        device.refusal = verdict.reason
      } else if (over.some((o) => o.device === device)) {
        claimsAfterOver.set(device, now)
      }
      if (opening && latecomers.includes(device)) {
        // The stream this newcomer put over the limit: the one the store stopped.
        const after = new Set(store.live(device.userId, now).map((l) => l.sessionId))
        for (const sessionId of before.filter((id) => !after.has(id))) {
          const stopped = devices.find((d) => d.sessionId === sessionId)
          if (stopped) over.push({ device: stopped, since: now, playing: [...after] })
        }
      }
    }
    next.nextAt = now + STREAM_HEARTBEAT_MS + jitter()
  }
  return { devices, latecomers, over, store, claimsAfterOver, firstTry, end }
}

describe('simultaneous streams under load (fake clock)', () => {
  it.each(['refuse', 'stop_oldest'] as const)(
    '%s: 500 accounts × 3 devices, 10 per cent of heartbeats lost, ±5 s jitter: no device is ever refused',
    (mode) => {
      const { devices, store, end } = simulate(mode, null)
      expect(devices.filter((d) => d.refusedAt !== null)).toEqual([])
      // And the lease outlives a lost heartbeat: the 75 s are more than two turns with their jitter.
      expect(STREAM_LEASE_MS).toBeGreaterThan(2 * (STREAM_HEARTBEAT_MS + JITTER_MS))
      expect(store.live(1, end).length).toBeLessThanOrEqual(DEVICES)
    },
  )

  it('stop the oldest: a fourth device on 100 accounts plays, and each account oldest stream is cut at its next heartbeat, within 35 s', () => {
    const at = 10 * 60_000
    const { devices, latecomers, over, claimsAfterOver, firstTry } = simulate('stop_oldest', { at, accounts: 100 })
    expect(latecomers.every((d) => d.refusedAt === null)).toBe(true)
    expect(over).toHaveLength(100)
    for (const { device, playing } of over) {
      // The server ended it at once: the account plays on three devices, the newcomer among them.
      expect(playing).not.toContain(device.sessionId)
      expect(playing).toHaveLength(DEVICES)
      expect(playing).toContain(device.userId * 10 + 9)
      // Its player learns at its next heartbeat that arrives, refused as replaced; no renewal succeeded after.
      expect(device.refusal).toBe('replaced')
      expect(claimsAfterOver.has(device)).toBe(false)
    }
    // Its player calls again within 30 s ± 5 s of the newcomer; when that heartbeat arrives, it is the cut.
    for (const { device, since } of over) {
      const after = firstTry.get(device) as number
      expect(after).toBeLessThanOrEqual(35_000)
      expect(device.refusedAt).toBeGreaterThanOrEqual(since + after)
    }
    const cutAtOnce = over.filter(({ device, since }) => device.refusedAt === since + (firstTry.get(device) as number))
    expect(cutAtOnce.length).toBeGreaterThan(80)
    // Nobody else was cut: the other devices of every account played on.
    const cut = new Set(over.map((o) => o.device))
    expect(devices.filter((d) => d.refusedAt !== null && !cut.has(d))).toEqual([])
  })
})
