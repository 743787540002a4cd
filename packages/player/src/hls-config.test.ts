import Hls, { LevelDetails } from 'hls.js'
import { describe, expect, it } from 'vitest'
import {
  BLOCKING_LIVE_SYNC_TARGET_DURATIONS,
  hlsConfig,
  holdCloserWithBlockingReloads,
  LIVE_CATCH_UP_RATE,
  LIVE_SYNC_TARGET_DURATIONS,
} from './hls-config'

const options = { workerPath: '/assets/hls.worker.js', startPosition: null, rewriteUrl: (url: string) => url }

describe('hlsConfig', () => {
  it('is a configuration hls.js accepts, with our live settings in place', () => {
    // hls.js refuses contradictory live settings (a duration in seconds mixed with one in segments) at construction.
    const hls = new Hls(hlsConfig(options))
    try {
      expect(hls.config.liveSyncDurationCount).toBe(LIVE_SYNC_TARGET_DURATIONS)
      expect(hls.config.liveSyncDuration).toBeUndefined()
      expect(hls.config.maxLiveSyncPlaybackRate).toBe(LIVE_CATCH_UP_RATE)
      // Catching up by playback rate happens only in hls.js's low-latency mode.
      expect(hls.config.lowLatencyMode).toBe(true)
      expect(hls.config.autoStartLoad).toBe(false)
      expect(hls.config.enableInterstitialPlayback).toBe(false)
      expect(hls.config.workerPath).toBe('/assets/hls.worker.js')
    } finally {
      hls.destroy()
    }
  })

  it('keeps DVR: hls.js never jumps a viewer who is behind back to the edge', () => {
    const hls = new Hls(hlsConfig(options))
    try {
      expect(hls.config.liveMaxLatencyDuration).toBeUndefined()
      expect(hls.config.liveMaxLatencyDurationCount).toBe(Number.POSITIVE_INFINITY)
    } finally {
      hls.destroy()
    }
  })

  it('holds a live stream fewer segments behind than hls.js would, and catches up no faster than 1.5×', () => {
    const defaults = new Hls()
    try {
      expect(LIVE_SYNC_TARGET_DURATIONS).toBeLessThan(defaults.config.liveSyncDurationCount)
    } finally {
      defaults.destroy()
    }
    // Reloaded on a timer, under two target durations the next segment is not known before the buffer
    // runs out; with blocking reloads it is known when written, a target duration after the last.
    expect(LIVE_SYNC_TARGET_DURATIONS).toBeGreaterThanOrEqual(2)
    expect(BLOCKING_LIVE_SYNC_TARGET_DURATIONS).toBeGreaterThan(1)
    expect(BLOCKING_LIVE_SYNC_TARGET_DURATIONS).toBeLessThan(LIVE_SYNC_TARGET_DURATIONS)
    expect(LIVE_CATCH_UP_RATE).toBeGreaterThan(1)
    expect(LIVE_CATCH_UP_RATE).toBeLessThanOrEqual(1.5)
  })

  it('holds closer to the edge once the live playlist says its server answers blocking reloads', () => {
    const level = (canBlockReload: boolean) => {
      const details = new LevelDetails('https://tv.example/media/p/t/7/source/index.m3u8')
      details.live = true
      details.targetduration = 2
      details.canBlockReload = canBlockReload
      return details
    }
    for (const canBlockReload of [true, false]) {
      const hls = new Hls(hlsConfig(options))
      try {
        const before = hls.listeners(Hls.Events.LEVEL_UPDATED)
        holdCloserWithBlockingReloads(Hls, hls)
        // Called as hls.js calls it (its own controllers, also listening, need a page to run in).
        const ours = hls.listeners(Hls.Events.LEVEL_UPDATED).find((l) => !before.includes(l))
        ours?.(Hls.Events.LEVEL_UPDATED, { details: level(canBlockReload), level: 0 })
        expect(hls.config.liveSyncDuration).toBe(canBlockReload ? BLOCKING_LIVE_SYNC_TARGET_DURATIONS * 2 : undefined)
        // Decided once, at the first live playlist.
        expect(hls.listeners(Hls.Events.LEVEL_UPDATED)).not.toContain(ours)
      } finally {
        hls.destroy()
      }
    }
  })

  it('starts where asked, else at hls.js default (the start of a replay, the live position of a stream)', () => {
    expect(hlsConfig(options).startPosition).toBe(-1)
    expect(hlsConfig({ ...options, startPosition: 42.5 }).startPosition).toBe(42.5)
  })

  it('sends every request to the rewritten address', () => {
    const config = hlsConfig({ ...options, rewriteUrl: (url) => url.replace('/old-token/', '/new-token/') })
    const opened: unknown[][] = []
    const xhr = { open: (...args: unknown[]) => opened.push(args) } as unknown as XMLHttpRequest
    config.xhrSetup?.(xhr, 'https://tv.example/media/p/old-token/7/480p/seg_00003.ts')
    expect(opened).toEqual([['GET', 'https://tv.example/media/p/new-token/7/480p/seg_00003.ts', true]])
  })
})
