import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import type { ApiClient, ApiEnvelope } from '../../lib/api/api-client'
import { eventQueryKey } from '../../lib/entities/events/query-keys'
import { preloadWatchPage } from './watch-preload'

const setUp = () => {
  const get = vi.fn()
  const api = { get } as unknown as ApiClient
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return { get, api, queryClient }
}

describe('preloadWatchPage', () => {
  it("reads the detail from the request the start sent: the page's cache gets it, no second request goes out", async () => {
    const { get, api, queryClient } = setUp()
    const answer: Promise<ApiEnvelope<unknown>> = Promise.resolve({ data: { id: 'not an event' } })
    await preloadWatchPage(
      { kind: 'event', id: 3 },
      { api, queryClient, viewerId: null, answer, engine: Promise.resolve() },
    )
    expect(get).not.toHaveBeenCalled()
    // The answer went through the detail's schema, into the query the watch page reads.
    expect(queryClient.getQueryState(eventQueryKey(null, 3))?.status).toBe('error')
  })

  it('leaves a failed request to the page: the start goes on', async () => {
    const { get, api, queryClient } = setUp()
    const answer: Promise<ApiEnvelope<unknown>> = Promise.reject(new Error('offline'))
    answer.catch(() => {})
    await expect(
      preloadWatchPage({ kind: 'vod', id: 5 }, { api, queryClient, viewerId: 7, answer, engine: Promise.resolve() }),
    ).resolves.toBeUndefined()
    expect(get).not.toHaveBeenCalled()
  })
})
