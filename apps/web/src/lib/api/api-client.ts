import {
  API_KEY_FIELD,
  apiKeyInQuery,
  CHANNEL_KEY_FIELD,
  constants,
  isApiKeyExempt,
  type ListMeta,
} from '@fieldhouse/contract'
import { ApiRequestError, rejectedKey } from './api-error'
import { type QueryObject, serializeQuery } from './query-string'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** Design §4: every success is `{ data }`; lists may add `meta`. */
export interface ApiEnvelope<T> {
  data: T
  meta?: ListMeta
}

/** Where the client reads and renews the keys; the app backs it with the persisted store. */
export interface ApiKeySource {
  getApiKey(): string | null
  getChannelKey(): string | null
  clearApiKey(): void
  clearChannelKey(): void
  /** Fetches a fresh api key (and the channel key when it is not known) and stores it. */
  refreshApiKey(): Promise<string>
  /** The fetch of a fresh api key under way (after a sign-out, a refused key), if any. */
  pendingApiKey?(): Promise<string> | null
}

/** What the rest of the app hears about (spec §8). Every hook is optional. */
export interface ApiClientEvents {
  /** The server rejected the api key or the channel key; the stored keys were removed. */
  apiKeyError?(rejected: 'api_key' | 'channel_key'): void
  /** Recovery failed: the retry with a fresh key failed too, so the reload screen is due. */
  apiKeyRecoveryFailed?(error: unknown): void
  /** 429: the global error notice. */
  tooManyRequests?(): void
  /** 401: the signed-in user is no longer valid. */
  unauthenticated?(): void
  /**
   * A request failed (an error status, a timeout, no connection; not a cancel): spec §7 `api_request`.
   * `url` is the address without its query (which carries the api key).
   */
  requestFailed?(failure: RequestFailure): void
}

export interface RequestFailure {
  method: HttpMethod
  url: string
  kind: 'http' | 'timeout' | 'network'
  status: number | null
  message: string
  request_length: number
  response_length: number
}

export interface ApiClientOptions {
  /** e.g. `/api` */
  baseUrl: string
  keys: ApiKeySource
  events?: ApiClientEvents
  fetch?: typeof fetch
  sleep?: (ms: number) => Promise<void>
  timeoutMs?: number
  retryDelayMs?: number
  retryCount?: number
}

export interface RequestOptions {
  query?: QueryObject
  body?: Record<string, unknown>
  signal?: AbortSignal
  /** The key endpoints themselves must not start a key recovery. Default true. */
  recover?: boolean
  /** Leave the api and channel keys off this request (used by `get_api_key`). Default true. */
  sendKeys?: boolean
  /**
   * Send the api key as `Authorization: Bearer` instead of in the body: for a body that is a map of
   * names (the console's colours), where an `api_key` entry would read as one more name.
   */
  keyInHeader?: boolean
  /**
   * Statuses this call expects and handles itself, not told as failures (spec §8: the profile call
   * tolerates 401 without tracking; the custom form call tolerates 404).
   */
  expectedStatuses?: readonly number[]
}

export interface ApiClient {
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<ApiEnvelope<T>>
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<ApiEnvelope<T>>
  post<T>(path: string, body?: Record<string, unknown>, options?: Omit<RequestOptions, 'body'>): Promise<ApiEnvelope<T>>
  delete<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<ApiEnvelope<T>>
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export function createApiClient(options: ApiClientOptions): ApiClient {
  const {
    baseUrl,
    keys,
    events = {},
    fetch: fetchImpl = (...args) => globalThis.fetch(...args),
    sleep = defaultSleep,
    timeoutMs = constants.requestTimeoutMs,
    retryDelayMs = constants.retryDelayMs,
    retryCount = constants.retryCount,
  } = options
  const base = baseUrl.replace(/\/+$/, '')

  function buildRequest(method: HttpMethod, path: string, request: RequestOptions) {
    const cleanPath = path.replace(/^\/+/, '')
    const query: Record<string, unknown> = { ...request.query }
    const body: Record<string, unknown> | undefined =
      request.body || !apiKeyInQuery(method) ? { ...request.body } : undefined
    const apiKey = keys.getApiKey()

    const headers: Record<string, string> = { Accept: 'application/json' }
    if (request.sendKeys !== false) {
      // Exempt calls still carry a known key: the server uses it to pick the channel.
      if (apiKey && request.keyInHeader) {
        headers.Authorization = `Bearer ${apiKey}`
      } else if (apiKey) {
        if (apiKeyInQuery(method)) query[API_KEY_FIELD] = apiKey
        else if (body) body[API_KEY_FIELD] = apiKey
      } else if (isApiKeyExempt(cleanPath)) {
        const channelKey = keys.getChannelKey()
        if (channelKey) query[CHANNEL_KEY_FIELD] = channelKey
      } else {
        throw new ApiRequestError('no-api-key')
      }
    }

    const search = serializeQuery(query as QueryObject)
    const address = `${base}/${cleanPath}`
    const url = `${address}${search ? `?${search}` : ''}`
    const init: RequestInit = { method, headers }
    if (body) {
      init.body = JSON.stringify(body)
      headers['Content-Type'] = 'application/json'
    }
    return { url, address, init, apiKey }
  }

  async function send<T>(
    method: HttpMethod,
    path: string,
    request: RequestOptions,
    attempt: number,
  ): Promise<ApiEnvelope<T>> {
    const callerSignal = request.signal
    if (callerSignal?.aborted) throw new ApiRequestError('canceled')
    // A key being fetched is waited for, not refused: a sign-in typed just after a sign-out goes with
    // the new anonymous key, whenever that arrives. (Its failure is the fetch's to report.)
    if (request.sendKeys !== false && !keys.getApiKey()) await keys.pendingApiKey?.()?.catch(() => null)

    const { url, address, init, apiKey: usedApiKey } = buildRequest(method, path, request)
    const failed = (error: ApiRequestError, responseLength = 0) => {
      if (error.kind !== 'http' && error.kind !== 'timeout' && error.kind !== 'network') return error
      if (error.status !== null && request.expectedStatuses?.includes(error.status)) return error
      events.requestFailed?.({
        method,
        url: address,
        kind: error.kind,
        status: error.status,
        message: error.message,
        request_length: typeof init.body === 'string' ? init.body.length : 0,
        response_length: responseLength,
      })
      return error
    }

    // One controller carries both the caller's cancel and our timeout, so we can tell them apart afterwards.
    const controller = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, timeoutMs)
    const handleCallerAbort = () => controller.abort()
    callerSignal?.addEventListener('abort', handleCallerAbort, { once: true })

    let response: Response
    let data: unknown
    let length: number
    try {
      response = await fetchImpl(url, { ...init, signal: controller.signal })
      ;({ data, length } = await readBody(response))
    } catch (error) {
      if (callerSignal?.aborted) throw new ApiRequestError('canceled', { cause: error })
      if (timedOut) throw failed(new ApiRequestError('timeout', { cause: error }))
      throw failed(new ApiRequestError('network', { cause: error }))
    } finally {
      clearTimeout(timer)
      callerSignal?.removeEventListener('abort', handleCallerAbort)
    }

    if (response.ok) return data as ApiEnvelope<T>

    const error = failed(new ApiRequestError('http', { status: response.status, data }), length)
    if (response.status === 429) events.tooManyRequests?.()
    if (response.status === 401) events.unauthenticated?.()

    const rejected = request.recover === false ? null : rejectedKey(data)
    if (!rejected) throw error

    // Another request may already have replaced the key we sent; only drop the one the server refused.
    if (keys.getApiKey() === usedApiKey) {
      if (rejected === 'channel_key') keys.clearChannelKey()
      keys.clearApiKey()
    }
    events.apiKeyError?.(rejected)

    if (attempt >= retryCount) {
      events.apiKeyRecoveryFailed?.(error)
      throw error
    }

    await sleep(retryDelayMs)
    if (callerSignal?.aborted) throw new ApiRequestError('canceled')
    try {
      if (!keys.getApiKey()) await keys.refreshApiKey()
    } catch (refreshError) {
      events.apiKeyRecoveryFailed?.(refreshError)
      throw refreshError
    }
    return send<T>(method, path, request, attempt + 1)
  }

  const request = <T>(method: HttpMethod, path: string, options: RequestOptions = {}) =>
    send<T>(method, path, options, 0)

  return {
    request,
    get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
    post: <T>(path: string, body?: Record<string, unknown>, options?: RequestOptions) =>
      request<T>('POST', path, { ...options, ...(body ? { body } : {}) }),
    delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
  }
}

async function readBody(response: Response): Promise<{ data: unknown; length: number }> {
  const text = await response.text()
  if (!text) return { data: null, length: 0 }
  try {
    return { data: JSON.parse(text), length: text.length }
  } catch {
    return { data: text, length: text.length }
  }
}
