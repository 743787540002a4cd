import { describe, expect, it } from 'vitest'
import { createTtlStorage, memoryBackend } from '../../lib/storage/ttl-storage'
import { APP_STORE_NAME } from '../../lib/store/app-store-name'
import { readStoredApp } from './early-start'

const stored = (value: string) => {
  const backend = memoryBackend()
  createTtlStorage({ backend }).setItem(APP_STORE_NAME, value)
  return backend
}

describe("the first script's reading of the app's stored keys", () => {
  it('reads the keys and the signed-in viewer the app persisted', () => {
    const backend = stored(
      JSON.stringify({ state: { apiKey: 'k1', channelKey: 'demo', user: { id: 5, email: 'a@b.c' } }, version: 0 }),
    )
    expect(readStoredApp(backend)).toEqual({ apiKey: 'k1', channelKey: 'demo', userId: 5 })
  })

  it('reads a guest, a first visit and a damaged entry as no viewer and no keys', () => {
    expect(readStoredApp(stored(JSON.stringify({ state: { apiKey: 'k1', channelKey: null, user: null } })))).toEqual({
      apiKey: 'k1',
      channelKey: null,
      userId: null,
    })
    const none = { apiKey: null, channelKey: null, userId: null }
    expect(readStoredApp(memoryBackend())).toEqual(none)
    expect(readStoredApp(stored('{not json'))).toEqual(none)
    expect(readStoredApp(stored(JSON.stringify({ state: { apiKey: '', user: { id: 'x' } } })))).toEqual(none)
  })
})
