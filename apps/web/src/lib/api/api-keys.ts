import { constants } from '@fieldhouse/contract'
import type { ApiKeySource } from './api-client'
import { rejectedKey } from './api-error'

/** Where the keys live between visits (the persisted store in the app, a plain object in tests). */
export interface KeyStore {
  getApiKey(): string | null
  setApiKey(apiKey: string | null): void
  getChannelKey(): string | null
  setChannelKey(channelKey: string | null): void
}

export interface ApiKeyProviderOptions {
  store: KeyStore
  /** Reads the channel key from the keys file (`GET {keysUrl}`). */
  fetchChannelKey(): Promise<string>
  /** `POST /api/get_api_key` with the channel key. */
  requestApiKey(channelKey: string): Promise<string>
  /** Waits before the one retry (spec §8: 1 s); injectable for tests. */
  sleep?: (ms: number) => Promise<void>
  retryDelayMs?: number
}

export interface ApiKeyProvider extends ApiKeySource {
  /** The stored api key, or a fresh one when none is stored (startup, spec §2). */
  ensureApiKey(): Promise<string>
  /** Forgets both keys and fetches new ones: what the reload button does. */
  renewKeys(): Promise<string>
}

export function createApiKeyProvider({
  store,
  fetchChannelKey,
  requestApiKey,
  sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  retryDelayMs = constants.retryDelayMs,
}: ApiKeyProviderOptions): ApiKeyProvider {
  // Several requests can fail at once with a stale key; they all wait for the same renewal.
  let inFlight: Promise<string> | null = null

  async function fetchFreshApiKey(): Promise<string> {
    const channelKey = store.getChannelKey() ?? (await fetchChannelKey())
    store.setChannelKey(channelKey)
    try {
      const apiKey = await requestApiKey(channelKey)
      store.setApiKey(apiKey)
      return apiKey
    } catch (error) {
      // Spec §8: a refused channel key drops both keys; one retry follows after 1 s with the keys
      // file read again (a remembered channel key can go stale; the keys file is the authority).
      const isRefusedChannelKey = error instanceof Error && 'data' in error && rejectedKey(error.data) === 'channel_key'
      if (!isRefusedChannelKey) throw error
      store.setChannelKey(null)
      store.setApiKey(null)
      await sleep(retryDelayMs)
      const freshChannelKey = await fetchChannelKey()
      const apiKey = await requestApiKey(freshChannelKey)
      store.setChannelKey(freshChannelKey)
      store.setApiKey(apiKey)
      return apiKey
    }
  }

  function refreshApiKey(): Promise<string> {
    inFlight ??= fetchFreshApiKey().finally(() => {
      inFlight = null
    })
    return inFlight
  }

  return {
    getApiKey: () => store.getApiKey(),
    getChannelKey: () => store.getChannelKey(),
    clearApiKey: () => store.setApiKey(null),
    clearChannelKey: () => store.setChannelKey(null),
    refreshApiKey,
    pendingApiKey: () => inFlight,
    async ensureApiKey() {
      return store.getApiKey() ?? refreshApiKey()
    },
    renewKeys() {
      store.setApiKey(null)
      store.setChannelKey(null)
      return refreshApiKey()
    },
  }
}
