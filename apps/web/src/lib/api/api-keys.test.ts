import { describe, expect, it, vi } from 'vitest'
import { ApiRequestError } from './api-error'
import { createApiKeyProvider, type KeyStore } from './api-keys'

function memoryStore(initial: { apiKey?: string | null; channelKey?: string | null } = {}) {
  const state = { apiKey: initial.apiKey ?? null, channelKey: initial.channelKey ?? null }
  const store: KeyStore = {
    getApiKey: () => state.apiKey,
    setApiKey: (apiKey) => {
      state.apiKey = apiKey
    },
    getChannelKey: () => state.channelKey,
    setChannelKey: (channelKey) => {
      state.channelKey = channelKey
    },
  }
  return { store, state }
}

describe('createApiKeyProvider', () => {
  it('reuses a stored api key', async () => {
    const { store } = memoryStore({ apiKey: 'stored', channelKey: 'demo' })
    const fetchChannelKey = vi.fn(async () => 'demo')
    const requestApiKey = vi.fn(async () => 'fresh')
    const provider = createApiKeyProvider({ store, fetchChannelKey, requestApiKey })
    await expect(provider.ensureApiKey()).resolves.toBe('stored')
    expect(fetchChannelKey).not.toHaveBeenCalled()
    expect(requestApiKey).not.toHaveBeenCalled()
  })

  it('reads the keys file, then asks for an api key, and stores both', async () => {
    const { store, state } = memoryStore()
    const provider = createApiKeyProvider({
      store,
      fetchChannelKey: async () => 'demo',
      requestApiKey: async (channelKey) => `key-for-${channelKey}`,
    })
    await expect(provider.ensureApiKey()).resolves.toBe('key-for-demo')
    expect(state).toEqual({ apiKey: 'key-for-demo', channelKey: 'demo' })
  })

  it('shares one renewal between requests that fail together', async () => {
    const { store } = memoryStore({ channelKey: 'demo' })
    const requestApiKey = vi.fn(async () => 'fresh')
    const provider = createApiKeyProvider({ store, fetchChannelKey: async () => 'demo', requestApiKey })
    const keys = await Promise.all([provider.refreshApiKey(), provider.refreshApiKey(), provider.refreshApiKey()])
    expect(keys).toEqual(['fresh', 'fresh', 'fresh'])
    expect(requestApiKey).toHaveBeenCalledTimes(1)
  })

  it('re-reads the keys file when the remembered channel key is refused', async () => {
    const { store, state } = memoryStore({ channelKey: 'renamed' })
    const requestApiKey = vi.fn(async (channelKey: string) => {
      if (channelKey === 'renamed') {
        throw new ApiRequestError('http', { status: 401, data: { message: 'x', errors: { channel_key: ['unknown'] } } })
      }
      return 'fresh'
    })
    const sleep = vi.fn(async () => {})
    const provider = createApiKeyProvider({ store, fetchChannelKey: async () => 'demo', requestApiKey, sleep })
    await expect(provider.refreshApiKey()).resolves.toBe('fresh')
    expect(state).toEqual({ apiKey: 'fresh', channelKey: 'demo' })
    expect(sleep).toHaveBeenCalledWith(1000)
  })

  it('retries once, 1 s later, when the channel key from the keys file is refused, then gives up', async () => {
    const { store, state } = memoryStore()
    const refused = () =>
      new ApiRequestError('http', { status: 401, data: { message: 'x', errors: { channel_key: ['unknown'] } } })
    const requestApiKey = vi.fn(async () => {
      throw refused()
    })
    const fetchChannelKey = vi.fn(async () => 'demo')
    const sleep = vi.fn(async () => {})
    const provider = createApiKeyProvider({ store, fetchChannelKey, requestApiKey, sleep })
    await expect(provider.ensureApiKey()).rejects.toBeInstanceOf(ApiRequestError)
    expect(requestApiKey).toHaveBeenCalledTimes(2)
    expect(fetchChannelKey).toHaveBeenCalledTimes(2)
    expect(sleep).toHaveBeenCalledTimes(1)
    expect(state).toEqual({ apiKey: null, channelKey: null })
  })

  it('does not retry other failures', async () => {
    const { store } = memoryStore()
    const requestApiKey = vi.fn(async () => {
      throw new ApiRequestError('http', { status: 500, data: { message: 'down' } })
    })
    const sleep = vi.fn(async () => {})
    const provider = createApiKeyProvider({ store, fetchChannelKey: async () => 'demo', requestApiKey, sleep })
    await expect(provider.ensureApiKey()).rejects.toBeInstanceOf(ApiRequestError)
    expect(requestApiKey).toHaveBeenCalledTimes(1)
    expect(sleep).not.toHaveBeenCalled()
  })

  it('renewKeys forgets both keys before asking again', async () => {
    const { store, state } = memoryStore({ apiKey: 'old', channelKey: 'old-channel' })
    const fetchChannelKey = vi.fn(async () => 'demo')
    const provider = createApiKeyProvider({ store, fetchChannelKey, requestApiKey: async () => 'fresh' })
    await provider.renewKeys()
    expect(fetchChannelKey).toHaveBeenCalledTimes(1)
    expect(state).toEqual({ apiKey: 'fresh', channelKey: 'demo' })
  })
})
