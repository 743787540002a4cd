import { describe, expect, it } from 'vitest'
import { createTtlStorage, memoryBackend } from './ttl-storage'

const DAY = 86_400_000

describe('createTtlStorage', () => {
  it('stores under the rudy_ prefix', () => {
    const backend = memoryBackend()
    const storage = createTtlStorage({ backend, now: () => 0 })
    storage.setItem('app', '{"a":1}')
    expect(backend.getItem('rudy_app')).not.toBeNull()
    expect(storage.getItem('app')).toBe('{"a":1}')
  })

  it('keeps an entry for about 360 days, then drops it on read', () => {
    const backend = memoryBackend()
    let clock = 1_000
    const storage = createTtlStorage({ backend, now: () => clock })
    storage.setItem('app', 'v')
    clock += 359 * DAY
    expect(storage.getItem('app')).toBe('v')
    clock += 2 * DAY
    expect(storage.getItem('app')).toBeNull()
    expect(backend.getItem('rudy_app')).toBeNull()
  })

  it('renews the lifetime on every write', () => {
    let clock = 0
    const storage = createTtlStorage({ backend: memoryBackend(), ttlMs: 10, now: () => clock })
    storage.setItem('app', 'v1')
    clock = 8
    storage.setItem('app', 'v2')
    clock = 15
    expect(storage.getItem('app')).toBe('v2')
  })

  it('drops entries it cannot read', () => {
    const backend = memoryBackend()
    backend.setItem('rudy_app', 'not json')
    backend.setItem('rudy_old', JSON.stringify({ value: 'v' }))
    const storage = createTtlStorage({ backend })
    expect(storage.getItem('app')).toBeNull()
    expect(storage.getItem('old')).toBeNull()
    expect(backend.getItem('rudy_app')).toBeNull()
    expect(backend.getItem('rudy_old')).toBeNull()
  })

  it('removes entries', () => {
    const backend = memoryBackend()
    const storage = createTtlStorage({ backend })
    storage.setItem('app', 'v')
    storage.removeItem('app')
    expect(storage.getItem('app')).toBeNull()
  })
})
