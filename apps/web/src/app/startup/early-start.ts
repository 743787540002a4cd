import { type ApiClient, type ApiEnvelope, createApiClient } from '../../lib/api/api-client'
import { createApiKeyProvider, type KeyStore } from '../../lib/api/api-keys'
import { fetchJsonData } from '../../lib/api/fetch-json'
import { bootstrapPath, bootstrapQuery } from '../../lib/entities/channel/bootstrap-query'
import type { PlaybackSource } from '../../lib/entities/playback/use-fetch-playback'
import { watchDetailPath, watchSourceOf } from '../../lib/entities/playback/watch-source'
import { browserBackend, createTtlStorage, type KeyValueBackend } from '../../lib/storage/ttl-storage'
import { APP_STORE_NAME } from '../../lib/store/app-store-name'
import { routerBasename } from './router-basename'

/** The keys the start ended with: the stored ones, or ones it fetched (the app stores them). */
export interface EarlyKeys {
  apiKey: string
  channelKey: string | null
}

/** What a watch page's start asked for: its detail, and (for a signed-in viewer) the account's access. */
export interface EarlyWatch {
  source: PlaybackSource
  detail: Promise<ApiEnvelope<unknown>>
  /** `GET /api/user/access`, asked only when a viewer is signed in (the pre-roll waits for its `no_ads`). */
  access: Promise<ApiEnvelope<unknown>> | null
  /** The signed-in viewer's id, as stored; null for a guest. */
  viewerId: number | null
}

/**
 * Spec §2's start chain (runtime config → keys file → api key → bootstrap, and a watch page's detail),
 * begun by the page's first script (`src/start.ts`) while the app's own scripts are still on their way.
 * Nothing here is checked or kept: the app's start takes each answer (`takeEarlyStart`), parses it with
 * the contract's schemas as it always did, and stores the keys. A step that fails leaves that step, and
 * the ones after it, to the app, which does them itself with its own recovery (spec §8).
 */
export interface EarlyStart {
  /** `GET /runtime-config.json`, unparsed. */
  config: Promise<unknown>
  /**
   * The api key to use; null when the start did not get as far as asking (the app then asks itself);
   * rejected with the key's own error when asking failed (the app shows it, spec §8).
   */
  keys: Promise<EarlyKeys | null>
  bootstrap: Promise<ApiEnvelope<unknown>>
  /** The watch page's requests on a watch route under the deployment's base path; else null. */
  watch: Promise<EarlyWatch | null>
}

let begun: EarlyStart | null = null

/** The start's steps begun before the app, once: the app takes them; a second call finds none. */
export function takeEarlyStart(): EarlyStart | null {
  const taken = begun
  begun = null
  return taken
}

/** What the app persisted between visits (`rudy_app`): its keys and who is signed in. */
interface StoredApp {
  apiKey: string | null
  channelKey: string | null
  userId: number | null
}

export function readStoredApp(backend: KeyValueBackend = browserBackend()): StoredApp {
  const none: StoredApp = { apiKey: null, channelKey: null, userId: null }
  try {
    const raw = createTtlStorage({ backend }).getItem(APP_STORE_NAME)
    const state = raw ? (JSON.parse(raw) as { state?: Record<string, unknown> }).state : undefined
    if (!state) return none
    const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null)
    const user = state.user as { id?: unknown } | null | undefined
    return {
      apiKey: text(state.apiKey),
      channelKey: text(state.channelKey),
      userId: typeof user?.id === 'number' ? user.id : null,
    }
  } catch {
    return none
  }
}

/** A request whose failure is the app's to hear (it asks again), never an unhandled rejection here. */
const quiet = <T>(promise: Promise<T>) => {
  promise.catch(() => {})
  return promise
}

interface RuntimeAddresses {
  apiBase: string
  keysUrl: string
  basePath: string
}

function addressesOf(raw: unknown): RuntimeAddresses {
  const { apiBase, keysUrl, basePath } = (raw ?? {}) as Record<string, unknown>
  if (typeof apiBase !== 'string' || typeof keysUrl !== 'string' || typeof basePath !== 'string') {
    throw new Error('the runtime config has no apiBase, keysUrl or basePath')
  }
  return { apiBase, keysUrl, basePath }
}

/** An api client over keys kept in memory, renewed by the same provider (and rules) as the app's. */
function earlyClient({ apiBase, keysUrl }: RuntimeAddresses, stored: StoredApp) {
  const memory: KeyStore = {
    getApiKey: () => stored.apiKey,
    setApiKey: (apiKey) => {
      stored.apiKey = apiKey
    },
    getChannelKey: () => stored.channelKey,
    setChannelKey: (channelKey) => {
      stored.channelKey = channelKey
    },
  }
  let api: ApiClient | null = null
  const keys = createApiKeyProvider({
    store: memory,
    fetchChannelKey: async () => {
      const file = (await fetchJsonData(keysUrl)) as { channel_key?: unknown } | null
      if (typeof file?.channel_key !== 'string') throw new Error('the keys file has no channel_key')
      return file.channel_key
    },
    requestApiKey: async (channelKey) => {
      if (!api) throw new Error('the api client is not ready')
      const answer = await api.post<{ api_key: string }>(
        'get_api_key',
        { channel_key: channelKey },
        { sendKeys: false, recover: false },
      )
      return answer.data.api_key
    },
  })
  api = createApiClient({ baseUrl: apiBase, keys })
  return { api, keys }
}

/**
 * Begins the start chain for the page at `pathname`: the config, then the key (the stored one, or the
 * keys file and `get_api_key`), then the bootstrap and, on a watch route, the detail, side by side.
 */
export function beginEarlyStart(pathname: string = window.location.pathname): EarlyStart {
  const stored = readStoredApp()
  const config = quiet(fetchJsonData('/runtime-config.json'))
  const client = config.then((raw) => {
    const addresses = addressesOf(raw)
    return { ...earlyClient(addresses, stored), basePath: addresses.basePath }
  })
  const keyed = quiet(
    client.then(async (made) => {
      await made.keys.ensureApiKey()
      return made
    }),
  )
  // A key that could not be had (the first try and the provider's one retry, spec §8) is the app's
  // answer too: it shows the api-key screen rather than ask twice more. A config that failed is the
  // app's to ask again, keys and all.
  const keys = quiet(
    keyed.then(
      () => (stored.apiKey ? { apiKey: stored.apiKey, channelKey: stored.channelKey } : null),
      (error: unknown) =>
        client.then(
          () => Promise.reject(error),
          () => null,
        ),
    ),
  )
  const bootstrap = quiet(keyed.then(({ api }) => api.get(bootstrapPath, { query: bootstrapQuery })))
  const watch = keyed.then(
    ({ api, basePath }): EarlyWatch | null => {
      const source = watchSourceOf(pathname, routerBasename(basePath))
      if (!source) return null
      return {
        source,
        detail: quiet(api.get(watchDetailPath(source))),
        access: stored.userId === null ? null : quiet(api.get('user/access')),
        viewerId: stored.userId,
      }
    },
    () => null,
  )
  begun = { config, keys, bootstrap, watch }
  return begun
}
