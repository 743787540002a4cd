import type { Preroll } from '@fieldhouse/contract'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AUTO_RETRY_WINDOW_MS, createPlayer, type PlayerOptions } from './player'
import { FakeEngines, FakeVideo, settle, signedPlayback, timeRanges } from './player.test-support'
import type { PlayerContext, PlayerEvent } from './player-events'

const preroll: Preroll = {
  id: 4,
  url: '/media/public/prerolls/4.mp4',
  weight: 1,
  location_id: null,
  event_categories: [],
  for_vod: true,
  for_live: true,
}

function setUp(options: Partial<PlayerOptions> = {}) {
  const video = new FakeVideo()
  const engines = new FakeEngines()
  const events: PlayerEvent[] = []
  const contexts: PlayerContext[] = []
  const fetchPlayback = vi.fn(async () => signedPlayback('fresh'))
  const player = createPlayer({
    playback: signedPlayback('first'),
    receivedAt: Date.now(),
    poster: null,
    context: { subject: 'event:7', live: false, viewId: 'view-1' },
    fetchPlayback,
    preroll: null,
    events: {
      emit: (event, context) => {
        events.push(event)
        contexts.push(context)
      },
    },
    video: video.asVideo(),
    startEngine: engines.start,
    ...options,
  })
  const types = () => events.map((event) => event.type)
  return { video, engines, events, contexts, types, fetchPlayback, player }
}

let current: ReturnType<typeof setUp> | null = null
const open = (options: Partial<PlayerOptions> = {}) => {
  current = setUp(options)
  return current
}
afterEach(() => {
  current?.player.destroy()
  current = null
  vi.useRealTimers()
})

describe('createPlayer', () => {
  it('starts its engine on the source at once, buffering a replay before the press', async () => {
    const { player, engines } = open()
    expect(engines.starts).toHaveLength(1)
    expect(engines.starts[0]).toMatchObject({ src: '/media/p/first/events/7/master.m3u8', preload: true })
    expect(player.getState()).toMatchObject({ phase: 'ready', engineReady: false })
    await settle()
    expect(player.getState().engineReady).toBe(true)
  })

  it('plays the programme at the press and reports the press with the viewing', async () => {
    const { player, engines, video, types, contexts } = open()
    await settle()
    player.start()
    expect(engines.loads).toBe(1)
    expect(video.plays).toBe(1)
    expect(player.getState()).toMatchObject({ phase: 'playing', started: true })
    expect(types()).toEqual(['play'])
    expect(contexts[0]).toMatchObject({ subject: 'event:7', viewId: 'view-1', position: 0 })
  })

  it('plays as soon as the engine runs when pressed before it did', async () => {
    const { player, video } = open()
    player.start()
    expect(video.plays).toBe(0)
    await settle()
    expect(video.plays).toBe(1)
  })

  it('keeps a press made while the pre-roll is being decided, and plays once it is', async () => {
    const { player, video } = open({ preroll: undefined })
    await settle()
    expect(player.getState().prerollDecided).toBe(false)
    player.start()
    expect(player.getState().started).toBe(false)
    expect(video.plays).toBe(0)
    player.setPreroll(null)
    expect(player.getState()).toMatchObject({ started: true, phase: 'playing' })
    expect(video.plays).toBe(1)
    // A second press is the same press.
    player.start()
    expect(video.plays).toBe(1)
  })

  it('plays the pre-roll decided after a press made while it was being decided', async () => {
    const { player, video } = open({ preroll: undefined })
    await settle()
    player.start()
    player.setPreroll(preroll)
    expect(player.getState()).toMatchObject({ phase: 'preroll', preroll: { id: 4 } })
    expect(video.plays).toBe(0)
  })

  it('a core pressed on the stage and then adopted by a view still deciding its pre-roll plays', async () => {
    // The watch entry's core is made with no pre-roll; the page's view, adopting it, may not know yet.
    const { player, video } = open({ preroll: null })
    await settle()
    player.setPreroll(undefined)
    player.start()
    player.setPreroll(null)
    expect(video.plays).toBe(1)
  })

  it('plays the pre-roll first, buffering the programme behind it, then the programme', async () => {
    const onPrerollPlayed = vi.fn()
    const { player, engines, video, types } = open({ preroll, onPrerollPlayed })
    await settle()
    player.start()
    expect(player.getState()).toMatchObject({ phase: 'preroll', preroll: { id: 4 } })
    expect(engines.loads).toBe(1)
    expect(video.plays).toBe(0)
    player.togglePlay()
    expect(video.plays).toBe(0)
    player.prerollEnded(true)
    expect(onPrerollPlayed).toHaveBeenCalledWith(preroll)
    expect(player.getState()).toMatchObject({ phase: 'playing', preroll: null })
    expect(types()).toEqual(['preroll_start', 'preroll_end', 'play'])
  })

  it('does not count a pre-roll cut short as seen', async () => {
    const onPrerollPlayed = vi.fn()
    const { player, events } = open({ preroll, onPrerollPlayed })
    await settle()
    player.start()
    player.prerollEnded(false)
    expect(onPrerollPlayed).not.toHaveBeenCalled()
    expect(events[1]).toEqual({ type: 'preroll_end', prerollId: 4, completed: false })
  })

  it('shows the big button again when the browser wants a press', async () => {
    const { player, video } = open()
    await settle()
    video.playRefusal = new DOMException('press first', 'NotAllowedError')
    player.start()
    await settle()
    expect(player.getState().playBlocked).toBe(true)
    video.playRefusal = null
    player.play()
    expect(player.getState()).toMatchObject({ playBlocked: false, phase: 'playing' })
  })

  it('reports the first frame once, after the press', async () => {
    const { player, video, events } = open()
    await settle()
    player.start()
    video.fire('playing')
    video.fire('playing')
    const frames = events.filter((event) => event.type === 'first_frame')
    expect(frames).toHaveLength(1)
    expect(frames[0]).toMatchObject({ type: 'first_frame', ms: expect.any(Number) })
  })

  it('restarts once by itself after a failure, with a fresh token, where playback was', async () => {
    const { player, engines, video, fetchPlayback, events } = open()
    await settle()
    player.start()
    video.currentTime = 42
    engines.callbacks.onFatalError('fragLoadError')
    expect(player.getState().failure).toBeNull()
    expect(events.at(-1)).toEqual({ type: 'error', code: 'fragLoadError', fatal: false })
    await settle()
    await settle()
    expect(fetchPlayback).toHaveBeenCalledTimes(1)
    expect(engines.destroyed).toBe(1)
    expect(engines.starts).toHaveLength(2)
    expect(engines.starts[1]?.startPosition).toBe(42)
    // The restarted engine has the fresh token for every request.
    expect(engines.starts[1]?.keeper.rewrite('/media/p/first/events/7/720p.m3u8')).toBe(
      '/media/p/fresh/events/7/720p.m3u8',
    )
  })

  it('shows the error after a second failure within the retry window, and Retry starts again', async () => {
    const { player, engines, video, events } = open()
    await settle()
    player.start()
    engines.callbacks.onFatalError('fragLoadError')
    await settle()
    await settle()
    video.currentTime = 30
    engines.callbacks.onFatalError('bufferStalledError')
    expect(player.getState()).toMatchObject({ phase: 'error', failure: 'bufferStalledError' })
    expect(events.at(-1)).toEqual({ type: 'error', code: 'bufferStalledError', fatal: true })
    player.retry()
    expect(player.getState().failure).toBeNull()
    await settle()
    await settle()
    expect(engines.starts).toHaveLength(3)
    expect(engines.starts[2]?.startPosition).toBe(30)
  })

  it('retries by itself again once the window has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const { player, engines } = open()
    await settle()
    engines.callbacks.onFatalError('fragLoadError')
    vi.setSystemTime(Date.now() + AUTO_RETRY_WINDOW_MS + 1)
    await settle()
    await settle()
    engines.callbacks.onFatalError('fragLoadError')
    expect(player.getState().failure).toBeNull()
  })

  it('never retries a browser that cannot play HLS', async () => {
    const { player, engines } = open()
    engines.callbacks.onFatalError('unsupported')
    expect(player.getState()).toMatchObject({ phase: 'error', failure: 'unsupported' })
  })

  it('renews the token when the answer says, and at once when a request is refused', async () => {
    vi.useFakeTimers()
    const { engines, fetchPlayback } = open()
    await vi.advanceTimersByTimeAsync(0)
    expect(fetchPlayback).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(fetchPlayback).toHaveBeenCalledTimes(1)
    expect(engines.renewed).toBe(1)
    await vi.advanceTimersByTimeAsync(10_000)
    engines.callbacks.onTokenRejected()
    await vi.advanceTimersByTimeAsync(0)
    expect(fetchPlayback).toHaveBeenCalledTimes(2)
  })

  it('lists the renditions best first, switches on request and names the one playing', async () => {
    const { player, engines, events } = open()
    await settle()
    engines.callbacks.onLevels([
      { height: 360, width: 640, bitrate: 800_000 },
      { height: 720, width: 1280, bitrate: 2_500_000 },
    ])
    expect(player.getState().levels).toEqual([
      { index: 1, label: '720p' },
      { index: 0, label: '360p' },
    ])
    player.setLevel(0)
    expect(engines.levels).toEqual([0])
    expect(player.getState().selectedLevel).toBe(0)
    engines.callbacks.onLevelSwitched(0, false)
    expect(player.getState().playingLabel).toBe('360p')
    expect(events.at(-1)).toEqual({ type: 'quality_switch', level: 0, label: '360p', auto: false })
  })

  it('keeps a seek inside the video', async () => {
    const { player, video } = open()
    await settle()
    video.duration = 120
    video.fire('durationchange')
    player.seek(500)
    expect(video.currentTime).toBe(120)
    player.seek(-3)
    expect(video.currentTime).toBe(0)
  })

  it('follows the live edge of a stream and jumps back to it', async () => {
    const { player, engines, video } = open({ playback: signedPlayback('first', { live: true }) })
    await settle()
    expect(engines.starts[0]?.preload).toBe(false)
    engines.liveSync = 598
    video.seekable = timeRanges([[0, 600]])
    video.currentTime = 400
    video.fire('timeupdate')
    expect(player.getState()).toMatchObject({ live: true, window: { start: 0, end: 600 }, behindLive: true })
    expect(player.getState().secondsBehind).toBe(198)
    player.goLive()
    expect(video.currentTime).toBe(598)
    expect(video.plays).toBe(1)
  })

  it('joins a live stream at its live position at the press', async () => {
    const { player, engines, video } = open({ playback: signedPlayback('first', { live: true }) })
    await settle()
    engines.liveSync = 300
    video.seekable = timeRanges([[0, 302]])
    player.start()
    expect(video.currentTime).toBe(300)
  })

  it('loads the seek previews at the press, with the latest token', async () => {
    const fetchText = vi.fn(async () => 'WEBVTT\n\n00:00.000 --> 00:10.000\nsprite.jpg#xywh=0,0,160,90\n')
    const { player } = open({
      playback: signedPlayback('first', { thumbnails: '/media/p/first/events/7/thumbs.vtt' }),
      fetchText,
    })
    await settle()
    expect(fetchText).not.toHaveBeenCalled()
    player.start()
    await settle()
    expect(fetchText).toHaveBeenCalledWith('/media/p/first/events/7/thumbs.vtt', expect.any(AbortSignal))
    expect(player.getState().thumbnails).toEqual([
      { start: 0, end: 10, url: '/media/p/first/events/7/sprite.jpg', box: { x: 0, y: 0, w: 160, h: 90 } },
    ])
  })

  it('lists the text tracks and shows the one chosen', async () => {
    const { player, engines } = open()
    await settle()
    engines.callbacks.onTextTracks?.(
      [
        { label: 'English', language: 'en' },
        { label: 'Français', language: 'fr' },
      ],
      -1,
    )
    expect(player.getState().textTracks).toHaveLength(2)
    player.setTextTrack(1)
    expect(engines.textTracks).toEqual([1])
    expect(player.getState().textTrack).toBe(1)
  })

  it('draws the marks of several groups in time order and replaces a group at once', () => {
    const { player } = open()
    player.setMarks('plays', [
      { time: 50, label: 'Goal' },
      { time: 10, label: 'Save' },
    ])
    player.setMarks('other', [{ time: 30, label: 'Timeout' }])
    expect(player.getState().marks.map((mark) => `${mark.group}:${mark.time}`)).toEqual([
      'plays:10',
      'other:30',
      'plays:50',
    ])
    player.setMarks('plays', [])
    expect(player.getState().marks.map((mark) => mark.label)).toEqual(['Timeout'])
    player.setClipMarks({ start: 5, end: 20 })
    expect(player.getState().clip).toEqual({ start: 5, end: 20 })
  })

  it('asks its overlays what to draw at the programme time as the playhead moves', async () => {
    const { player, engines, video } = open()
    await settle()
    const kickOff = Date.UTC(2026, 11, 2, 18, 0, 0)
    const remove = player.addOverlay('score', ({ position, date }) =>
      date === null ? null : { home: date - kickOff >= 60_000 ? 1 : 0, position },
    )
    expect(player.getState().overlays).toEqual([])
    engines.programmeDateAt = kickOff + 30_000
    video.currentTime = 30
    video.fire('timeupdate')
    expect(player.getState().overlays).toEqual([{ key: 'score', value: { home: 0, position: 30 } }])
    engines.programmeDateAt = kickOff + 90_000
    video.currentTime = 90
    video.fire('timeupdate')
    expect(player.getState().overlays).toEqual([{ key: 'score', value: { home: 1, position: 90 } }])
    expect(player.programmeTime()).toEqual({ position: 90, date: kickOff + 90_000 })
    remove()
    expect(player.getState().overlays).toEqual([])
  })

  it('offers casting only while AirPlay says a screen is there', () => {
    const video = new FakeVideo()
    const picker = vi.fn()
    video.webkitShowPlaybackTargetPicker = picker
    const { player } = open({ video: video.asVideo() })
    expect(player.getState().castAvailable).toBe(false)
    video.fire('webkitplaybacktargetavailabilitychanged', { availability: 'available' })
    expect(player.getState().castAvailable).toBe(true)
    player.cast()
    expect(picker).toHaveBeenCalledTimes(1)
    video.fire('webkitplaybacktargetavailabilitychanged', { availability: 'not-available' })
    expect(player.getState().castAvailable).toBe(false)
  })

  it('offers casting where the Remote Playback API finds a device for the source, and prompts for one', async () => {
    const video = new FakeVideo()
    let report: (available: boolean) => void = () => {}
    const prompt = vi.fn(async () => {})
    video.remote = {
      watchAvailability: async (callback: (available: boolean) => void) => {
        report = callback
        return 1
      },
      cancelWatchAvailability: vi.fn(async () => {}),
      prompt,
    }
    const { player } = open({ video: video.asVideo() })
    await settle()
    report(true)
    expect(player.getState().castAvailable).toBe(true)
    player.cast()
    expect(prompt).toHaveBeenCalled()
  })

  it('does not offer casting where Remote Playback cannot play the source', async () => {
    const video = new FakeVideo()
    video.remote = {
      watchAvailability: async () => {
        throw new DOMException('MSE', 'NotSupportedError')
      },
      cancelWatchAvailability: async () => {},
      prompt: async () => {},
    }
    const { player } = open({ video: video.asVideo() })
    await settle()
    expect(player.getState().castAvailable).toBe(false)
  })

  it('tells its subscribers of every change until they leave', () => {
    const { player } = open()
    const heard = vi.fn()
    const leave = player.subscribe(heard)
    player.setMarks('plays', [{ time: 1, label: 'Goal' }])
    expect(heard).toHaveBeenCalledTimes(1)
    leave()
    player.setMarks('plays', [])
    expect(heard).toHaveBeenCalledTimes(1)
  })

  it('stops its engine and sends the last heartbeat when destroyed', async () => {
    const { player, engines, video, events } = open()
    await settle()
    player.start()
    video.played = timeRanges([[0, 12.4]])
    video.fire('timeupdate')
    player.destroy()
    expect(engines.destroyed).toBe(1)
    expect(events.at(-1)).toEqual({ type: 'heartbeat', watchedSeconds: 12, final: true })
  })
})
