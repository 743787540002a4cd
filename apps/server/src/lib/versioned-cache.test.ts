import { describe, expect, it } from 'vitest'
import { VersionedCache } from './versioned-cache.js'

describe('VersionedCache', () => {
  it('serves a fresh entry without asking, rechecks the version after freshMs, rebuilds on change', async () => {
    let now = 0
    let version = 1
    let builds = 0
    let checks = 0
    const cache = new VersionedCache<string, string>({ freshMs: 100, maxEntries: 10, now: () => now })
    const get = () =>
      cache.get(
        'a',
        async () => {
          checks++
          return version
        },
        async (v) => {
          builds++
          return `v${v}`
        },
      )
    expect(await get()).toBe('v1')
    now = 50
    expect(await get()).toBe('v1')
    expect(checks).toBe(1)
    now = 150
    expect(await get()).toBe('v1')
    expect([checks, builds]).toEqual([2, 1])
    version = 2
    now = 300
    expect(await get()).toBe('v2')
    expect(builds).toBe(2)
  })

  it('forgets an entry whose source is gone, and on invalidate', async () => {
    const cache = new VersionedCache<string, number>({ freshMs: 1000, maxEntries: 10 })
    expect(
      await cache.get(
        'x',
        async () => undefined,
        async () => 1,
      ),
    ).toBeUndefined()
    let builds = 0
    const build = async () => ++builds
    await cache.get('y', async () => 1, build)
    cache.invalidate((k) => k === 'y')
    expect(await cache.get('y', async () => 1, build)).toBe(2)
  })

  it('keeps at most maxEntries', async () => {
    const cache = new VersionedCache<number, number>({ freshMs: 1000, maxEntries: 2 })
    let builds = 0
    for (const k of [1, 2, 3, 1])
      await cache.get(
        k,
        async () => 1,
        async () => ++builds,
      )
    expect(builds).toBe(4)
  })
})
