import type { ScoreTimeline } from '@fieldhouse/contract'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiRequestError } from '../../api/api-error'
import { abortableSleep, followScoreDelays, followScoreTimeline } from './follow-score'

const timeline = (version: number, status: ScoreTimeline['status'] = 'live'): ScoreTimeline => ({
  event_id: 7,
  sport: 'basketball',
  offset_ms: 0,
  status,
  home: { name: 'Northfield', short_name: 'NOR', color: '#123456' },
  away: { name: 'Riverside', short_name: 'RIV', color: null },
  actions: [],
  version,
})

/** A server the test answers by hand: each request waits for `answer` or `fail`. */
function fakeServer() {
  const requests: Array<{
    after: number
    signal: AbortSignal
    resolve: (t: ScoreTimeline) => void
    reject: (e: unknown) => void
  }> = []
  const fetchAfter = (after: number, signal: AbortSignal) =>
    new Promise<ScoreTimeline>((resolve, reject) => {
      requests.push({ after, signal, resolve, reject })
      signal.addEventListener('abort', () => reject(new ApiRequestError('canceled')))
    })
  return { requests, fetchAfter }
}

const flush = () => vi.advanceTimersByTimeAsync(0)

describe('followScoreTimeline', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('asks after the version it holds and advances as newer timelines come', async () => {
    const server = fakeServer()
    const seen: number[] = []
    const controller = new AbortController()
    const done = followScoreTimeline({
      start: timeline(3),
      fetchAfter: server.fetchAfter,
      onTimeline: (t) => seen.push(t.version),
      signal: controller.signal,
    })
    await flush()
    expect(server.requests.map((r) => r.after)).toEqual([3])
    server.requests[0]?.resolve(timeline(5))
    await flush()
    expect(seen).toEqual([5])
    // The next request goes out at once with the new version.
    expect(server.requests.map((r) => r.after)).toEqual([3, 5])
    // The server's ~25 s answer with nothing new: no news, and a pause before asking again.
    server.requests[1]?.resolve(timeline(5))
    await flush()
    expect(seen).toEqual([5])
    expect(server.requests).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(followScoreDelays.unchangedMs)
    expect(server.requests.map((r) => r.after)).toEqual([3, 5, 5])
    controller.abort()
    await expect(done).resolves.toBe('stopped')
  })

  it('stops once the game is final', async () => {
    const server = fakeServer()
    const seen: string[] = []
    const done = followScoreTimeline({
      start: timeline(1),
      fetchAfter: server.fetchAfter,
      onTimeline: (t) => seen.push(t.status),
      signal: new AbortController().signal,
    })
    await flush()
    server.requests[0]?.resolve(timeline(2, 'final'))
    await expect(done).resolves.toBe('final')
    expect(seen).toEqual(['final'])
    await vi.advanceTimersByTimeAsync(120_000)
    expect(server.requests).toHaveLength(1)
  })

  it('does not ask at all for a game already final', async () => {
    const fetchAfter = vi.fn()
    const end = await followScoreTimeline({
      start: timeline(9, 'final'),
      fetchAfter,
      onTimeline: () => {},
      signal: new AbortController().signal,
    })
    expect(end).toBe('final')
    expect(fetchAfter).not.toHaveBeenCalled()
  })

  it('backs off after failures, doubling up to the most, and starts over after a success', async () => {
    const server = fakeServer()
    const delays = { firstFailureMs: 1_000, maxFailureMs: 4_000, unchangedMs: 500 }
    const controller = new AbortController()
    const done = followScoreTimeline({
      start: timeline(1),
      fetchAfter: server.fetchAfter,
      onTimeline: () => {},
      signal: controller.signal,
      delays,
    })
    const failNext = async (waitMs: number) => {
      const count = server.requests.length
      server.requests[count - 1]?.reject(new ApiRequestError('network'))
      await vi.advanceTimersByTimeAsync(waitMs - 1)
      expect(server.requests).toHaveLength(count)
      await vi.advanceTimersByTimeAsync(1)
      expect(server.requests).toHaveLength(count + 1)
    }
    await flush()
    await failNext(1_000)
    await failNext(2_000)
    await failNext(4_000)
    await failNext(4_000)
    // A success resets the wait.
    server.requests.at(-1)?.resolve(timeline(2))
    await flush()
    await failNext(1_000)
    expect(server.requests.map((r) => r.after)).toEqual([1, 1, 1, 1, 1, 2, 2])
    controller.abort()
    await expect(done).resolves.toBe('stopped')
  })

  it('cancels the request under way when stopped (the view unmounted), and asks nothing more', async () => {
    const server = fakeServer()
    const onTimeline = vi.fn()
    const controller = new AbortController()
    const done = followScoreTimeline({
      start: timeline(1),
      fetchAfter: server.fetchAfter,
      onTimeline,
      signal: controller.signal,
    })
    await flush()
    controller.abort()
    expect(server.requests[0]?.signal.aborted).toBe(true)
    await expect(done).resolves.toBe('stopped')
    await vi.advanceTimersByTimeAsync(120_000)
    expect(server.requests).toHaveLength(1)
    expect(onTimeline).not.toHaveBeenCalled()
  })

  it('stops during a back-off wait too', async () => {
    const server = fakeServer()
    const controller = new AbortController()
    const done = followScoreTimeline({
      start: timeline(1),
      fetchAfter: server.fetchAfter,
      onTimeline: () => {},
      signal: controller.signal,
    })
    await flush()
    server.requests[0]?.reject(new ApiRequestError('http', { status: 503 }))
    await flush()
    controller.abort()
    await expect(done).resolves.toBe('stopped')
    await vi.advanceTimersByTimeAsync(120_000)
    expect(server.requests).toHaveLength(1)
  })

  it('ends when the event has no score (404)', async () => {
    const server = fakeServer()
    const done = followScoreTimeline({
      start: timeline(1),
      fetchAfter: server.fetchAfter,
      onTimeline: () => {},
      signal: new AbortController().signal,
    })
    await flush()
    server.requests[0]?.reject(new ApiRequestError('http', { status: 404 }))
    await expect(done).resolves.toBe('gone')
  })
})

describe('abortableSleep', () => {
  it('resolves at once when aborted', async () => {
    const controller = new AbortController()
    const slept = abortableSleep(60_000, controller.signal)
    controller.abort()
    await expect(slept).resolves.toBeUndefined()
  })
})
