import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { VersionWaiters } from './version-waiters.js'

describe('waiting on a game’s version', () => {
  const versions = new Map<number, number>()
  const reads: number[] = []
  const waiters = () =>
    new VersionWaiters({
      readVersion: async (key) => {
        reads.push(key)
        return versions.get(key) ?? 0
      },
      pollMs: 1000,
    })
  beforeEach(() => {
    vi.useFakeTimers()
    versions.clear()
    reads.length = 0
  })
  afterEach(() => vi.useRealTimers())

  it('wakes the waiters behind a version this process wrote, at once', async () => {
    const w = waiters()
    const behind = w.wait(1, 3, 25_000)
    const ahead = w.wait(1, 5, 25_000)
    w.notify(1, 4)
    expect(await behind).toBe(4)
    expect(w.counts()).toEqual({ waiters: 1, keys: 1 })
    w.notify(1, 6)
    expect(await ahead).toBe(6)
    expect(w.counts()).toEqual({ waiters: 0, keys: 0 })
  })

  it('reads a game’s version once a second for all its waiters, and stops when none is left', async () => {
    const w = waiters()
    const all = [w.wait(1, 0, 25_000), w.wait(1, 0, 25_000), w.wait(1, 0, 25_000), w.wait(2, 0, 25_000)]
    await vi.advanceTimersByTimeAsync(3000)
    // Three seconds, two games: three reads of each, whatever the number of waiters.
    expect(reads.filter((k) => k === 1)).toHaveLength(3)
    expect(reads.filter((k) => k === 2)).toHaveLength(3)
    // Another process wrote game 1.
    versions.set(1, 1)
    await vi.advanceTimersByTimeAsync(1000)
    expect(await Promise.all(all.slice(0, 3))).toEqual([1, 1, 1])
    expect(w.counts()).toEqual({ waiters: 1, keys: 1 })
    await vi.advanceTimersByTimeAsync(25_000)
    expect(await all[3]).toBeNull()
    const before = reads.length
    await vi.advanceTimersByTimeAsync(5000)
    expect(reads.length).toBe(before)
    expect(w.counts()).toEqual({ waiters: 0, keys: 0 })
  })

  it('lets a waiter go when its request does, or at its timeout', async () => {
    const w = waiters()
    const abort = new AbortController()
    const gone = w.wait(1, 0, 25_000, abort.signal)
    const patient = w.wait(1, 0, 2000)
    abort.abort()
    expect(await gone).toBeNull()
    expect(w.counts()).toEqual({ waiters: 1, keys: 1 })
    await vi.advanceTimersByTimeAsync(2000)
    expect(await patient).toBeNull()
    expect(w.counts()).toEqual({ waiters: 0, keys: 0 })
    expect(await w.wait(1, 0, 1000, abort.signal)).toBeNull()
  })
})
