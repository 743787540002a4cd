import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createSendQueue, RefusedBatchError } from './send-queue'

const settle = () => vi.advanceTimersByTimeAsync(1)

describe('send queue', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('sends records that come together as one batch, after the window', async () => {
    const sent: number[][] = []
    const queue = createSendQueue<number>({
      send: async (batch) => void sent.push(batch),
      beacon: () => true,
      flushDelayMs: 1000,
    })
    queue.push(1)
    queue.push(2)
    await vi.advanceTimersByTimeAsync(999)
    expect(sent).toEqual([])
    queue.push(3)
    await vi.advanceTimersByTimeAsync(1)
    expect(sent).toEqual([[1, 2, 3]])
    expect(queue.pending).toBe(0)
  })

  it('sends a full batch at once and the rest after it', async () => {
    const sent: number[][] = []
    const queue = createSendQueue<number>({
      send: async (batch) => void sent.push(batch),
      beacon: () => true,
      maxBatch: 2,
    })
    for (const n of [1, 2, 3, 4, 5]) queue.push(n)
    await settle()
    await settle()
    expect(sent.slice(0, 2)).toEqual([
      [1, 2],
      [3, 4],
    ])
    await vi.advanceTimersByTimeAsync(1000)
    expect(sent).toEqual([[1, 2], [3, 4], [5]])
  })

  it('tries a failed batch again after 1 s, 2 s, 4 s, in order, with what came meanwhile', async () => {
    const attempts: Array<{ at: number; batch: number[] }> = []
    let failuresLeft = 3
    const queue = createSendQueue<number>({
      send: async (batch) => {
        attempts.push({ at: Date.now(), batch })
        if (failuresLeft-- > 0) throw new Error('503')
      },
      beacon: () => true,
      flushDelayMs: 100,
    })
    const start = Date.now()
    queue.push(1)
    await vi.advanceTimersByTimeAsync(100)
    queue.push(2)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(attempts.map((a) => a.at - start)).toEqual([100, 1100, 3100, 7100])
    expect(attempts.at(-1)?.batch).toEqual([1, 2])
    expect(queue.pending).toBe(0)
  })

  it('caps the pause at maxBackoffMs and starts over after a success', async () => {
    const times: number[] = []
    let fail = true
    const queue = createSendQueue<number>({
      send: async () => {
        times.push(Date.now())
        if (fail) throw new Error('down')
      },
      beacon: () => true,
      flushDelayMs: 0,
      maxBackoffMs: 5000,
    })
    queue.push(1)
    await vi.advanceTimersByTimeAsync(30_000)
    const gaps = times.slice(1).map((t, i) => t - (times[i] as number))
    expect(gaps.slice(0, 4)).toEqual([1000, 2000, 4000, 5000])
    expect(gaps.slice(4).every((gap) => gap === 5000)).toBe(true)
    fail = false
    await vi.advanceTimersByTimeAsync(5000)
    expect(queue.pending).toBe(0)
    const after = times.length
    queue.push(2)
    await vi.advanceTimersByTimeAsync(0)
    expect(times.length).toBe(after + 1)
  })

  it('drops a batch the service refuses (asking again would not change its answer)', async () => {
    const send = vi.fn(async () => {
      throw new RefusedBatchError('400')
    })
    const queue = createSendQueue<number>({ send, beacon: () => true, flushDelayMs: 0 })
    queue.push(1)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(send).toHaveBeenCalledTimes(1)
    expect(queue.pending).toBe(0)
  })

  it('on page hide beacons everything not acknowledged, the batch in flight included, in batches', async () => {
    const beacons: number[][] = []
    let answer: () => void = () => {}
    const queue = createSendQueue<number>({
      send: () =>
        new Promise<void>((_, reject) => {
          answer = () => reject(new Error('lost'))
        }),
      beacon: (batch) => {
        beacons.push(batch)
        return true
      },
      maxBatch: 2,
      flushDelayMs: 0,
    })
    queue.push(1)
    queue.push(2)
    await settle()
    queue.push(3)
    queue.pageHidden()
    expect(beacons).toEqual([[1, 2], [3]])
    expect(queue.pending).toBe(0)
    // The fetch then fails: the beacon has its records, they are not queued again.
    answer()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(queue.pending).toBe(0)
  })

  it('keeps what the beacon refused and sends it later', async () => {
    const sent: number[][] = []
    const queue = createSendQueue<number>({
      send: async (batch) => void sent.push(batch),
      beacon: () => false,
      flushDelayMs: 500,
    })
    queue.push(1)
    queue.pageHidden()
    expect(queue.pending).toBe(1)
    await vi.advanceTimersByTimeAsync(500)
    expect(sent).toEqual([[1]])
  })

  it('keeps the newest records when the service stays away', async () => {
    const queue = createSendQueue<number>({
      send: async () => {
        throw new Error('down')
      },
      beacon: () => true,
      maxPending: 3,
      flushDelayMs: 0,
    })
    for (const n of [1, 2, 3, 4, 5]) queue.push(n)
    expect(queue.pending).toBe(3)
    const beacons: number[][] = []
    const probe = createSendQueue<number>({
      send: async () => {},
      beacon: (b) => beacons.push(b) > 0,
      maxPending: 3,
    })
    for (const n of [1, 2, 3, 4, 5]) probe.push(n)
    probe.pageHidden()
    expect(beacons).toEqual([[3, 4, 5]])
  })
})
