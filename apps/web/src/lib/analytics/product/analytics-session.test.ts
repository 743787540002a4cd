import { describe, expect, it, vi } from 'vitest'
import { memoryBackend } from '../../storage/ttl-storage'
import { createAnalyticsSession, createTrackingValue } from './analytics-session'

const HOUR = 3_600_000

function sessionWith(now: () => number) {
  let n = 0
  const calls = { hash: vi.fn(async () => `hash-${++n}`), register: vi.fn(async () => {}) }
  const backend = memoryBackend()
  return { calls, backend, session: createAnalyticsSession({ backend, calls, now }) }
}

describe('analytics session', () => {
  it('is made once (hash, then session) however many ask at the same time, and stored under rudy_', async () => {
    const { calls, backend, session } = sessionWith(() => 0)
    const [a, b] = await Promise.all([session.ensure(), session.ensure()])
    expect(a).toBe('hash-1')
    expect(b).toBe('hash-1')
    expect(calls.hash).toHaveBeenCalledTimes(1)
    expect(calls.register).toHaveBeenCalledWith('hash-1')
    expect(backend.getItem('rudy_analytics_session')).toContain('hash-1')
  })

  it('lives 24 hours from when it was made, then a new one is made', async () => {
    let clock = 1_000_000
    const { calls, backend } = sessionWith(() => clock)
    const session = createAnalyticsSession({ backend, calls, now: () => clock })
    expect(await session.ensure()).toBe('hash-1')
    clock += 24 * HOUR - 1
    // A page opened later the same day (a new tracker over the same storage) keeps it.
    const later = createAnalyticsSession({ backend, calls, now: () => clock })
    expect(later.current()).toBe('hash-1')
    expect(await later.ensure()).toBe('hash-1')
    clock += 1
    expect(later.current()).toBeNull()
    expect(await later.ensure()).toBe('hash-2')
    expect(calls.register).toHaveBeenCalledTimes(2)
  })

  it('stores nothing when the service fails, so the next ask starts over', async () => {
    const calls = {
      hash: vi.fn(async () => 'h'),
      register: vi.fn().mockRejectedValueOnce(new Error('503')).mockResolvedValue(undefined),
    }
    const session = createAnalyticsSession({ backend: memoryBackend(), calls })
    await expect(session.ensure()).rejects.toThrow('503')
    expect(session.current()).toBeNull()
    expect(await session.ensure()).toBe('h')
    expect(calls.hash).toHaveBeenCalledTimes(2)
  })
})

describe('outer tracking value (trk)', () => {
  it('is taken from the address and kept 3 hours', () => {
    let clock = 0
    const backend = memoryBackend()
    const trk = createTrackingValue({ backend, now: () => clock })
    trk.takeFrom('?event_id=4&trk=newsletter-nov')
    expect(backend.getItem('rudy_trk')).toContain('newsletter-nov')
    clock = 3 * HOUR - 1
    expect(trk.current()).toBe('newsletter-nov')
    clock = 3 * HOUR
    expect(trk.current()).toBeNull()
  })

  it('is replaced by a newer one and kept by an address without one', () => {
    let clock = 0
    const trk = createTrackingValue({ backend: memoryBackend(), now: () => clock })
    trk.takeFrom('?trk=a')
    clock = 2 * HOUR
    trk.takeFrom('?trk=b')
    trk.takeFrom('?school=x')
    trk.takeFrom('?trk=')
    clock = 4 * HOUR
    expect(trk.current()).toBe('b')
  })
})
