import { messages } from '@fieldhouse/contract'
import { describe, expect, it, vi } from 'vitest'
import { type ApiKeySource, createApiClient } from './api-client'
import { ApiRequestError, isCanceledError } from './api-error'

type Reply = { status: number; body?: unknown } | ((url: string, init: RequestInit) => Promise<Response>)

/** A fetch that answers from a script and records what it was asked. */
function scriptedFetch(replies: Reply[]) {
  const calls: Array<{ url: string; init: RequestInit; body: Record<string, unknown> | null }> = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input)
    calls.push({ url, init, body: typeof init.body === 'string' ? JSON.parse(init.body) : null })
    const reply = replies.shift()
    if (!reply) throw new Error(`unexpected request ${url}`)
    if (typeof reply === 'function') return reply(url, init)
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status })
  })
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls }
}

/** Keys held in memory; `refreshApiKey` hands out key-2, key-3 … */
function memoryKeys(initial: { apiKey?: string | null; channelKey?: string | null } = {}) {
  let apiKey = initial.apiKey === undefined ? 'key-1' : initial.apiKey
  let channelKey = initial.channelKey === undefined ? 'demo' : initial.channelKey
  let issued = 1
  const source: ApiKeySource & { refreshes: number } = {
    refreshes: 0,
    getApiKey: () => apiKey,
    getChannelKey: () => channelKey,
    clearApiKey: () => {
      apiKey = null
    },
    clearChannelKey: () => {
      channelKey = null
    },
    refreshApiKey: vi.fn(async () => {
      source.refreshes += 1
      channelKey ??= 'demo'
      issued += 1
      apiKey = `key-${issued}`
      return apiKey
    }),
  }
  return source
}

const apiKeyRejected = { status: 401, body: { message: 'Unauthenticated.', errors: { api_key: ['expired'] } } }
const channelKeyRejected = { status: 401, body: { message: 'Unknown channel.', errors: { channel_key: ['unknown'] } } }

function setup(replies: Reply[], keys = memoryKeys()) {
  const { fetch, calls } = scriptedFetch(replies)
  const sleep = vi.fn(async (_ms: number) => {})
  const events = {
    apiKeyError: vi.fn(),
    apiKeyRecoveryFailed: vi.fn(),
    tooManyRequests: vi.fn(),
    unauthenticated: vi.fn(),
    requestFailed: vi.fn(),
  }
  const client = createApiClient({ baseUrl: '/api', keys, fetch, sleep, events, retryDelayMs: 1000 })
  return { client, calls, sleep, events, keys }
}

describe('api key placement', () => {
  it('puts the api key in the query on GET and DELETE', async () => {
    const { client, calls } = setup([
      { status: 200, body: { data: 1 } },
      { status: 200, body: { data: 2 } },
    ])
    await client.get('events', { query: { ids: [1, 2] } })
    await client.delete('favorite/4')
    expect(calls[0]?.url).toBe('/api/events?ids[]=1&ids[]=2&api_key=key-1')
    expect(calls[1]?.url).toBe('/api/favorite/4?api_key=key-1')
    expect(calls[1]?.init.body).toBeUndefined()
  })

  it('puts the api key in the JSON body otherwise', async () => {
    const { client, calls } = setup([{ status: 200, body: { data: {} } }])
    await client.post('favorite', { favoritable_id: 3, favoritable_type: 'participant' })
    expect(calls[0]?.url).toBe('/api/favorite')
    expect(calls[0]?.body).toEqual({ favoritable_id: 3, favoritable_type: 'participant', api_key: 'key-1' })
    expect(calls[0]?.init.method).toBe('POST')
  })

  it('sends the api key as a bearer token instead, for a body that is a map of names', async () => {
    const { client, calls } = setup([{ status: 200, body: { data: {} } }])
    await client.request('PATCH', 'admin/color-settings', { body: { 'primary-color': '#c2185b' }, keyInHeader: true })
    expect(calls[0]?.body).toEqual({ 'primary-color': '#c2185b' })
    const headers = calls[0]?.init.headers as Record<string, string> | undefined
    expect(headers?.Authorization).toBe('Bearer key-1')
  })

  it('still sends a known key on exempt calls, so the server can pick the channel', async () => {
    const { client, calls } = setup([{ status: 200, body: { data: [] } }])
    await client.get('pages/3')
    expect(calls[0]?.url).toBe('/api/pages/3?api_key=key-1')
  })

  it('sends the channel key on exempt calls when no api key is known', async () => {
    const { client, calls } = setup([{ status: 200, body: { data: {} } }], memoryKeys({ apiKey: null }))
    await client.get('channel-bootstrap-data', { query: { slides: { client_interface: 'web' } } })
    expect(calls[0]?.url).toBe('/api/channel-bootstrap-data?slides[client_interface]=web&channel_key=demo')
  })

  it('refuses a non-exempt call without an api key, without touching the network', async () => {
    const { client, calls } = setup([], memoryKeys({ apiKey: null }))
    const failure = client.get('profile')
    await expect(failure).rejects.toMatchObject({ kind: 'no-api-key', message: messages.noChannelOrApiKey })
    expect(calls).toHaveLength(0)
  })

  it('waits for a key being fetched (the anonymous key after a sign-out) and sends the call with it', async () => {
    const keys = memoryKeys({ apiKey: null })
    let arrive: (key: string) => void = () => {}
    const pending = new Promise<string>((resolve) => {
      arrive = (key) => {
        keys.getApiKey = () => key
        resolve(key)
      }
    })
    keys.pendingApiKey = () => pending
    const { client, calls } = setup([{ status: 200, body: { data: { api_key: 'signed-in' } } }], keys)
    const login = client.post('v2/auth/login', { email: 'owner@example.com', password: 'pw' })
    await Promise.resolve()
    expect(calls).toHaveLength(0)
    arrive('anonymous-2')
    await expect(login).resolves.toEqual({ data: { api_key: 'signed-in' } })
    expect(calls[0]?.body).toMatchObject({ email: 'owner@example.com', api_key: 'anonymous-2' })
  })

  it('refuses a call without a key when the key being fetched could not be had', async () => {
    const keys = memoryKeys({ apiKey: null })
    keys.pendingApiKey = () => Promise.reject(new Error('keys file unreachable'))
    const { client, calls } = setup([], keys)
    await expect(client.get('profile')).rejects.toMatchObject({ kind: 'no-api-key' })
    expect(calls).toHaveLength(0)
  })

  it('leaves the keys off when asked (the key endpoint itself)', async () => {
    const { client, calls } = setup([{ status: 200, body: { data: { api_key: 'k' } } }])
    await client.post('get_api_key', { channel_key: 'demo' }, { sendKeys: false })
    expect(calls[0]?.body).toEqual({ channel_key: 'demo' })
  })
})

describe('errors', () => {
  it('rejects a non-2xx answer with its data', async () => {
    const body = { message: 'The given data was invalid.', errors: { email: ['A valid email address is required'] } }
    const { client } = setup([{ status: 422, body }])
    const error = await client.post('v2/auth/login', { email: 'x' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiRequestError)
    expect(error).toMatchObject({ kind: 'http', status: 422, data: body, message: body.message })
    expect((error as ApiRequestError).fieldErrors).toEqual(body.errors)
  })

  it('raises the global notice on 429', async () => {
    const { client, events } = setup([{ status: 429, body: { message: 'Too Many Attempts.' } }])
    await expect(client.get('events')).rejects.toMatchObject({ status: 429 })
    expect(events.tooManyRequests).toHaveBeenCalledTimes(1)
  })

  it('resets the user on a plain 401', async () => {
    const { client, events, sleep } = setup([{ status: 401, body: { message: 'Unauthenticated.' } }])
    await expect(client.get('profile')).rejects.toMatchObject({ status: 401 })
    expect(events.unauthenticated).toHaveBeenCalledTimes(1)
    expect(events.apiKeyError).not.toHaveBeenCalled()
    expect(sleep).not.toHaveBeenCalled()
  })

  it('turns a cancelled request into ERR_CANCELED without any event', async () => {
    const controller = new AbortController()
    const { client, events } = setup([
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
          controller.abort()
        }),
    ])
    const error = await client.get('events', { signal: controller.signal }).catch((e: unknown) => e)
    expect(isCanceledError(error)).toBe(true)
    expect(error).toMatchObject({ message: 'ERR_CANCELED', code: 'ERR_CANCELED' })
    expect(Object.values(events).every((handler) => handler.mock.calls.length === 0)).toBe(true)
  })

  it('gives up after the timeout', async () => {
    const { fetch } = scriptedFetch([
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
        }),
    ])
    const client = createApiClient({ baseUrl: '/api', keys: memoryKeys(), fetch, timeoutMs: 5 })
    await expect(client.get('events')).rejects.toMatchObject({ kind: 'timeout' })
  })
})

describe('failed requests for product analytics (spec §7 api_request)', () => {
  it('tells of an error answer with its status, message and lengths, never the query with the api key', async () => {
    const { client, events } = setup([{ status: 503, body: { message: 'Service unavailable' } }])
    await expect(client.get('events', { query: { page: 2 } })).rejects.toThrow()
    expect(events.requestFailed).toHaveBeenCalledWith({
      method: 'GET',
      url: '/api/events',
      kind: 'http',
      status: 503,
      message: 'Service unavailable',
      request_length: 0,
      response_length: JSON.stringify({ message: 'Service unavailable' }).length,
    })
  })

  it('does not tell of a status the call expects (the profile call tolerates 401)', async () => {
    const { client, events } = setup([{ status: 401, body: { message: 'Unauthenticated.' } }])
    await expect(client.get('profile', { expectedStatuses: [401] })).rejects.toThrow()
    expect(events.unauthenticated).toHaveBeenCalled()
    expect(events.requestFailed).not.toHaveBeenCalled()
  })

  it('tells of a request that never got an answer, and of none that succeeded or was cancelled', async () => {
    const controller = new AbortController()
    const { client, events } = setup([
      async () => {
        throw new TypeError('Failed to fetch')
      },
      { status: 200, body: { data: [] } },
      async () => {
        controller.abort()
        throw new DOMException('aborted', 'AbortError')
      },
    ])
    await expect(client.post('favorite', { favoritable_id: 1 })).rejects.toThrow()
    expect(events.requestFailed).toHaveBeenCalledWith(
      expect.objectContaining({ method: 'POST', url: '/api/favorite', kind: 'network', status: null }),
    )
    expect(events.requestFailed.mock.calls[0]?.[0]).toMatchObject({ request_length: expect.any(Number) })
    expect(events.requestFailed.mock.calls[0]?.[0].request_length).toBeGreaterThan(0)
    await client.get('events')
    await expect(client.get('events', { signal: controller.signal })).rejects.toThrow()
    expect(events.requestFailed).toHaveBeenCalledTimes(1)
  })
})

describe('api key recovery (spec §8)', () => {
  it('drops a rejected api key, waits, fetches a fresh one and retries once', async () => {
    const { client, calls, sleep, events, keys } = setup([apiKeyRejected, { status: 200, body: { data: 'ok' } }])
    await expect(client.get('events')).resolves.toEqual({ data: 'ok' })
    expect(events.apiKeyError).toHaveBeenCalledWith('api_key')
    expect(sleep).toHaveBeenCalledWith(1000)
    expect(keys.refreshes).toBe(1)
    expect(keys.getChannelKey()).toBe('demo')
    expect(calls.map((call) => call.url)).toEqual(['/api/events?api_key=key-1', '/api/events?api_key=key-2'])
    expect(events.apiKeyRecoveryFailed).not.toHaveBeenCalled()
  })

  it('drops both keys when the channel key is rejected', async () => {
    const keys = memoryKeys()
    const clearChannelKey = vi.spyOn(keys, 'clearChannelKey')
    const { client, events } = setup([channelKeyRejected, { status: 200, body: { data: 'ok' } }], keys)
    await client.get('events')
    expect(clearChannelKey).toHaveBeenCalledTimes(1)
    expect(events.apiKeyError).toHaveBeenCalledWith('channel_key')
    expect(keys.refreshes).toBe(1)
  })

  it('surfaces the failure after the one retry also fails', async () => {
    const { client, calls, events, keys } = setup([apiKeyRejected, apiKeyRejected])
    await expect(client.get('events')).rejects.toMatchObject({ status: 401 })
    expect(calls).toHaveLength(2)
    expect(keys.refreshes).toBe(1)
    expect(events.apiKeyError).toHaveBeenCalledTimes(2)
    expect(events.apiKeyRecoveryFailed).toHaveBeenCalledTimes(1)
  })

  it('surfaces the failure when no fresh key can be had', async () => {
    const keys = memoryKeys()
    keys.refreshApiKey = vi.fn(async () => {
      throw new ApiRequestError('http', { status: 401, data: channelKeyRejected.body })
    })
    const { client, calls, events } = setup([apiKeyRejected], keys)
    await expect(client.get('events')).rejects.toMatchObject({ status: 401 })
    expect(calls).toHaveLength(1)
    expect(events.apiKeyRecoveryFailed).toHaveBeenCalledTimes(1)
  })

  it('keeps a key that another request already renewed', async () => {
    const keys = memoryKeys()
    const { client, calls } = setup(
      [
        async () => {
          // While this request was in flight, another one renewed the key.
          await keys.refreshApiKey()
          return new Response(JSON.stringify(apiKeyRejected.body), { status: 401 })
        },
        { status: 200, body: { data: 'ok' } },
      ],
      keys,
    )
    await client.get('events')
    expect(keys.refreshes).toBe(1)
    expect(calls[1]?.url).toBe('/api/events?api_key=key-2')
  })

  it('does not recover on calls that opt out', async () => {
    const { client, sleep, events } = setup([channelKeyRejected])
    await expect(
      client.post('get_api_key', { channel_key: 'old' }, { sendKeys: false, recover: false }),
    ).rejects.toMatchObject({ status: 401 })
    expect(sleep).not.toHaveBeenCalled()
    expect(events.apiKeyError).not.toHaveBeenCalled()
  })
})
