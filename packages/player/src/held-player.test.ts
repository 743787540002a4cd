import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  adoptPlayer,
  dropHeldPlayer,
  HOLD_MS,
  holdPlayer,
  holdsPlayer,
  offerPlayer,
  takeHeldPlayer,
  takePressOfDropped,
} from './held-player'
import { createPlayer, type Player } from './player'
import { FakeEngines, FakeVideo, settle, signedPlayback } from './player.test-support'
import type { PlayerEvent } from './player-events'

const made: Player[] = []
function core(engines = new FakeEngines()) {
  const video = new FakeVideo()
  const player = createPlayer({
    playback: signedPlayback('early'),
    receivedAt: Date.now(),
    poster: null,
    context: { subject: 'event:7', live: false, viewId: 'early-view' },
    fetchPlayback: () => Promise.reject(new Error('not adopted')),
    preroll: undefined,
    video: video.asVideo(),
    startEngine: engines.start,
  })
  made.push(player)
  return { player, engines, video }
}

afterEach(() => {
  dropHeldPlayer({ forgetClaims: true })
  for (const player of made.splice(0)) player.destroy()
  vi.useRealTimers()
})

describe('holding a core for its view', () => {
  it('hands the core over once, to the view of the same video', () => {
    const { player } = core()
    holdPlayer('/media/p/~/events/7/master.m3u8', player)
    expect(holdsPlayer('/media/p/~/events/7/master.m3u8')).toBe(true)
    expect(takeHeldPlayer('/media/p/~/events/7/master.m3u8')).toBe(player)
    expect(takeHeldPlayer('/media/p/~/events/7/master.m3u8')).toBeNull()
  })

  it('stops a core held for another video', async () => {
    const { player, engines } = core()
    await settle()
    holdPlayer('/media/p/~/events/7/master.m3u8', player)
    expect(takeHeldPlayer('/media/p/~/events/8/master.m3u8')).toBeNull()
    expect(engines.destroyed).toBe(1)
  })

  it('stops a core no view took in time', async () => {
    vi.useFakeTimers()
    const { player, engines } = core()
    await vi.advanceTimersByTimeAsync(0)
    holdPlayer('k', player)
    await vi.advanceTimersByTimeAsync(HOLD_MS)
    expect(engines.destroyed).toBe(1)
    expect(takeHeldPlayer('k')).toBeNull()
  })

  it('does not hand over a core that failed while it waited', async () => {
    const { player, engines } = core()
    await settle()
    holdPlayer('k', player)
    engines.callbacks.onFatalError('unsupported')
    expect(takeHeldPlayer('k')).toBeNull()
    expect(engines.destroyed).toBe(1)
  })

  it('keeps what it loaded and plays with the view’s callbacks once adopted', async () => {
    const { player, engines, video } = core()
    await settle()
    holdPlayer('k', player)
    const adopted = takeHeldPlayer('k')
    const events: PlayerEvent[] = []
    const fetchPlayback = vi.fn(async () => signedPlayback('fresh'))
    adopted?.bind({
      events: { emit: (event, context) => events.push({ ...event, ...{ viewId: context.viewId } }) },
      context: { subject: 'event:7', live: false, viewId: 'page-view' },
      fetchPlayback,
    })
    adopted?.setPreroll(null)
    adopted?.start()
    expect(engines.starts).toHaveLength(1)
    expect(video.plays).toBe(1)
    expect(events).toEqual([{ type: 'play', viewId: 'page-view' }])
    engines.callbacks.onTokenRejected()
    expect(fetchPlayback).toHaveBeenCalledTimes(1)
  })

  it('keeps a core the viewer pressed play on for its view however late it comes; one not pressed goes', async () => {
    vi.useFakeTimers()
    const pressed = core()
    holdPlayer('k', pressed.player)
    pressed.player.setPreroll(null)
    pressed.player.start()
    vi.advanceTimersByTime(HOLD_MS * 4)
    expect(holdsPlayer('k')).toBe(true)
    expect(takeHeldPlayer('k')).toBe(pressed.player)

    holdPlayer('k', core().player)
    vi.advanceTimersByTime(HOLD_MS)
    expect(holdsPlayer('k')).toBe(false)
    expect(takePressOfDropped('k')).toBe(false)
  })

  it('remembers a press on a core that failed while it waited, so the view plays its own', async () => {
    const { player, engines } = core()
    await settle()
    holdPlayer('k', player)
    player.setPreroll(null)
    player.start()
    engines.callbacks.onFatalError('unsupported')
    expect(player.getState().failure).toBe('unsupported')
    expect(takeHeldPlayer('k')).toBeNull()
    expect(takePressOfDropped('other')).toBe(false)
    expect(takePressOfDropped('k')).toBe(true)
    // Told once.
    expect(takePressOfDropped('k')).toBe(false)
  })

  it('makes one core whoever comes first: the start offering one, or the view making its own', () => {
    const make = vi.fn(() => core().player)
    offerPlayer('first', make)
    expect(make).toHaveBeenCalledTimes(1)
    expect(adoptPlayer('first')).toBe(made[0])

    // The view came first (the detail was slow): the start's later offer makes nothing.
    expect(adoptPlayer('second')).toBeNull()
    offerPlayer('second', make)
    expect(make).toHaveBeenCalledTimes(1)
    expect(holdsPlayer('second')).toBe(false)
  })

  it('tells the one who offered it when the core is taken, failed or timed out', async () => {
    const outcomes: string[] = []
    const onRelease = (outcome: 'adopted' | 'dropped') => outcomes.push(outcome)
    offerPlayer('taken', () => core().player, { onRelease })
    adoptPlayer('taken')
    vi.useFakeTimers()
    const failing = core()
    await vi.advanceTimersByTimeAsync(0)
    offerPlayer('failed', () => failing.player, { onRelease })
    failing.engines.callbacks.onFatalError('unsupported')
    adoptPlayer('failed')
    offerPlayer('late', () => core().player, { onRelease, ttlMs: 50 })
    await vi.advanceTimersByTimeAsync(50)
    expect(outcomes).toEqual(['adopted', 'dropped', 'dropped'])
    // Once told, never again: a later drop of nothing says nothing.
    dropHeldPlayer()
    expect(outcomes).toHaveLength(3)
  })
})
