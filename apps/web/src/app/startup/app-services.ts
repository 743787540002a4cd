import { type ApiKey, KeysFileSchema, type RuntimeConfig, RuntimeConfigSchema, ToastType } from '@fieldhouse/contract'
import { QueryClient } from '@tanstack/react-query'
import { productAnalytics } from '../../lib/analytics/product-analytics'
import { type ApiClient, createApiClient } from '../../lib/api/api-client'
import { ApiRequestError } from '../../lib/api/api-error'
import { type ApiKeyProvider, createApiKeyProvider } from '../../lib/api/api-keys'
import { fetchJson } from '../../lib/api/fetch-json'
import { i18next } from '../../lib/i18n/i18n'
import { showToast } from '../../lib/notify/toast-store'
import { storeKeyStore, useAppStore } from '../../lib/store/app-store'
import { useAppStatusStore } from '../app-status-store'

export interface AppServices {
  config: RuntimeConfig
  api: ApiClient
  keys: ApiKeyProvider
  queryClient: QueryClient
}

/** The deployment's addresses: served by the server next to index.html. */
export const loadRuntimeConfig = () => fetchJson('/runtime-config.json', RuntimeConfigSchema)

/** Client errors are the server's answer; asking again will not change it. Cancelled requests stay cancelled. */
function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiRequestError) {
    if (error.kind === 'canceled' || error.kind === 'no-api-key') return false
    if (error.kind === 'http' && error.status !== null && error.status < 500) return false
  }
  return failureCount < 1
}

export function createAppServices(config: RuntimeConfig): AppServices {
  // The key provider asks the api client for keys and the client asks the provider: tie the knot lazily.
  let api: ApiClient | null = null
  const keys = createApiKeyProvider({
    store: storeKeyStore,
    fetchChannelKey: async () => (await fetchJson(config.keysUrl, KeysFileSchema)).channel_key,
    requestApiKey: async (channelKey) => {
      if (!api) throw new Error('the api client is not ready')
      const response = await api.post<ApiKey>(
        'get_api_key',
        { channel_key: channelKey },
        { sendKeys: false, recover: false },
      )
      return response.data.api_key
    },
  })
  api = createApiClient({
    baseUrl: config.apiBase,
    keys,
    events: {
      apiKeyError: (rejected) => window.dispatchEvent(new CustomEvent('api-key-error', { detail: { rejected } })),
      apiKeyRecoveryFailed: () => useAppStatusStore.getState().showApiKeyError(),
      tooManyRequests: () => showToast({ type: ToastType.error, text: i18next.t('errors.tooManyRequests') }),
      unauthenticated: () => useAppStore.getState().resetUser(),
      requestFailed: (failure) => productAnalytics.apiFailed(failure),
    },
  })
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetryQuery, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  })
  return { config, api, keys, queryClient }
}

/** The reload button of the error screen: fresh keys first, so the reloaded page starts clean (spec §2). */
export async function renewKeysAndReload(services: AppServices | null) {
  try {
    const keys = services?.keys ?? createAppServices(await loadRuntimeConfig()).keys
    await keys.renewKeys()
  } catch (error) {
    // The reloaded page tries again from the start; nothing more to do here.
    console.error(error)
  } finally {
    window.location.reload()
  }
}
