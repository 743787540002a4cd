import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  createTokenKeeper,
  MIN_RENEWAL_DELAY_MS,
  playbackAssetKey,
  RENEWAL_RETRY_MS,
  renewalDelay,
  startTokenRenewal,
} from './playback-token'

const master = '/media/p/OLD/asset-7/master.m3u8'

describe('token keeper', () => {
  it('rewrites every later media request with the latest token, and leaves other URLs alone', () => {
    const keeper = createTokenKeeper(master)
    expect(keeper.token).toBe('OLD')
    expect(keeper.rewrite('http://localhost/media/p/OLD/asset-7/720p/seg-3.ts')).toBe(
      'http://localhost/media/p/OLD/asset-7/720p/seg-3.ts',
    )
    keeper.update('/media/p/NEW/asset-7/master.m3u8')
    expect(keeper.rewrite('http://localhost/media/p/OLD/asset-7/720p/seg-3.ts')).toBe(
      'http://localhost/media/p/NEW/asset-7/720p/seg-3.ts',
    )
    expect(keeper.rewrite('/media/p/OLD/asset-7/720p/index.m3u8')).toBe('/media/p/NEW/asset-7/720p/index.m3u8')
    expect(keeper.rewrite('https://cdn.example/ad.mp4')).toBe('https://cdn.example/ad.mp4')
  })

  it('keeps its token when an answer carries none', () => {
    const keeper = createTokenKeeper(master)
    keeper.update('/somewhere/else.m3u8')
    expect(keeper.token).toBe('OLD')
  })

  it('names the video whatever its token', () => {
    expect(playbackAssetKey(master)).toBe(playbackAssetKey('/media/p/NEW/asset-7/master.m3u8'))
    expect(playbackAssetKey(master)).not.toBe(playbackAssetKey('/media/p/OLD/asset-8/master.m3u8'))
  })
})

describe('renewalDelay', () => {
  it('counts from when the answer arrived', () => {
    expect(renewalDelay({ receivedAt: 1_000, renewInMs: 60_000, now: 1_000 })).toBe(60_000)
    expect(renewalDelay({ receivedAt: 1_000, renewInMs: 60_000, now: 31_000 })).toBe(30_000)
    expect(renewalDelay({ receivedAt: 1_000, renewInMs: 60_000, now: 99_000 })).toBe(0)
  })

  it('never renews in a loop on a zero', () => {
    expect(renewalDelay({ receivedAt: 0, renewInMs: 0, now: 0 })).toBe(MIN_RENEWAL_DELAY_MS)
  })
})

describe('startTokenRenewal', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  const answer = (token: string, renewInMs = 60_000) => ({
    hls: `/media/p/${token}/a/master.m3u8`,
    renew_in_ms: renewInMs,
  })

  it('renews when told to, then again after each answer', async () => {
    const fetchPlayback = vi.fn().mockResolvedValueOnce(answer('T2', 30_000)).mockResolvedValueOnce(answer('T3'))
    const renewed: string[] = []
    const renewal = startTokenRenewal({
      receivedAt: Date.now(),
      renewInMs: 60_000,
      fetchPlayback,
      onRenewed: (p) => renewed.push(p.hls),
    })
    await vi.advanceTimersByTimeAsync(59_999)
    expect(fetchPlayback).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(renewed).toEqual(['/media/p/T2/a/master.m3u8'])
    await vi.advanceTimersByTimeAsync(30_000)
    expect(renewed).toHaveLength(2)
    renewal.stop()
    await vi.advanceTimersByTimeAsync(600_000)
    expect(fetchPlayback).toHaveBeenCalledTimes(2)
  })

  it('tries again soon after a failure', async () => {
    const fetchPlayback = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(answer('T2'))
    const onFailed = vi.fn()
    const onRenewed = vi.fn()
    startTokenRenewal({ receivedAt: Date.now(), renewInMs: 10_000, fetchPlayback, onRenewed, onFailed })
    await vi.advanceTimersByTimeAsync(10_000)
    expect(onFailed).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(RENEWAL_RETRY_MS)
    expect(onRenewed).toHaveBeenCalledTimes(1)
  })

  it('renews at once when a request is refused, once for a burst', async () => {
    let resolve: (value: ReturnType<typeof answer>) => void = () => {}
    const fetchPlayback = vi.fn(() => new Promise<ReturnType<typeof answer>>((r) => (resolve = r)))
    const renewal = startTokenRenewal({ receivedAt: Date.now(), renewInMs: 60_000, fetchPlayback, onRenewed: () => {} })
    const first = renewal.renewNow()
    const second = renewal.renewNow()
    resolve(answer('T2'))
    await Promise.all([first, second])
    await renewal.renewNow()
    expect(fetchPlayback).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(MIN_RENEWAL_DELAY_MS)
    const third = renewal.renewNow()
    resolve(answer('T3'))
    await third
    expect(fetchPlayback).toHaveBeenCalledTimes(2)
  })
})
