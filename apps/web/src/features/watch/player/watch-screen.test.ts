import type { Playback } from '@fieldhouse/contract'
import { describe, expect, it } from 'vitest'
import { selectWatchScreen, type WatchSubject, watchPollMs } from './watch-screen'

const now = Date.parse('2026-11-21T20:00:00Z')
const playback = (live: boolean): Playback => ({
  hls: '/media/p/t/a/master.m3u8',
  live,
  thumbnails: null,
  expires_at: '2026-11-21T20:10:00Z',
  renew_in_ms: 300_000,
})
const subject = (over: Partial<WatchSubject>): WatchSubject => ({
  media_status: 'none',
  media_progress: null,
  poster: null,
  preview: null,
  duration: null,
  playback: null,
  denial: null,
  stream_status: 'vod',
  event_utc_ts: '2026-11-21T21:00:00Z',
  is_geo_blocked: false,
  has_access: true,
  type: 'free',
  ...over,
})

describe('selectWatchScreen', () => {
  it('an account watching on too many devices gets its screen, whatever the video is doing', () => {
    for (const media_status of ['live', 'ready'] as const) {
      expect(selectWatchScreen(subject({ media_status, denial: 'too_many_streams' }), now)).toEqual({
        kind: 'too_many_streams',
      })
    }
  })

  it('plays what there is: live with DVR, or a replay', () => {
    expect(selectWatchScreen(subject({ media_status: 'live', playback: playback(true) }), now)).toEqual({
      kind: 'player',
      playback: playback(true),
      mode: 'live',
    })
    expect(selectWatchScreen(subject({ media_status: 'ready', playback: playback(false) }), now)).toMatchObject({
      kind: 'player',
      mode: 'replay',
    })
  })

  it('puts the region first, whatever else is true', () => {
    expect(selectWatchScreen(subject({ denial: 'geo_blocked', media_status: 'ready' }), now)).toEqual({
      kind: 'geo_blocked',
    })
    expect(selectWatchScreen(subject({ is_geo_blocked: true, stream_status: 'upcoming' }), now)).toEqual({
      kind: 'geo_blocked',
    })
  })

  it('says what the viewer lacks when there is video they may not watch', () => {
    expect(selectWatchScreen(subject({ media_status: 'ready', denial: 'sign_in' }), now)).toEqual({ kind: 'sign_in' })
    expect(selectWatchScreen(subject({ media_status: 'live', denial: 'no_access' }), now)).toEqual({
      kind: 'no_access',
    })
    expect(selectWatchScreen(subject({ media_status: 'processing', denial: 'no_access' }), now)).toEqual({
      kind: 'no_access',
    })
  })

  it('counts down rather than deny while there is nothing to watch yet', () => {
    expect(
      selectWatchScreen(subject({ stream_status: 'upcoming', denial: 'no_access', has_access: false }), now),
    ).toEqual({ kind: 'upcoming', startsAt: '2026-11-21T21:00:00Z', need: 'no_access' })
    expect(selectWatchScreen(subject({ stream_status: 'live', denial: 'sign_in', has_access: false }), now)).toEqual({
      kind: 'starting',
      need: 'sign_in',
      live: true,
    })
    expect(selectWatchScreen(subject({ denial: 'no_access', has_access: false }), now)).toEqual({ kind: 'no_video' })
  })

  it('counts down to an upcoming event, naming what the viewer will need', () => {
    expect(selectWatchScreen(subject({ stream_status: 'upcoming' }), now)).toEqual({
      kind: 'upcoming',
      startsAt: '2026-11-21T21:00:00Z',
      need: null,
    })
    expect(
      selectWatchScreen(subject({ stream_status: 'upcoming', has_access: false, type: 'register' }), now),
    ).toMatchObject({ kind: 'upcoming', need: 'sign_in' })
    expect(
      selectWatchScreen(subject({ stream_status: 'upcoming', has_access: false, type: 'ppv' }), now),
    ).toMatchObject({ kind: 'upcoming', need: 'no_access' })
  })

  it('waits for the stream once the start has passed or the event is marked live', () => {
    expect(
      selectWatchScreen(subject({ stream_status: 'upcoming', event_utc_ts: '2026-11-21T19:59:00Z' }), now),
    ).toEqual({ kind: 'starting', need: null, live: false })
    // Marked live, no feed yet: live, waiting for the broadcast (not "starting soon").
    expect(selectWatchScreen(subject({ stream_status: 'live' }), now)).toEqual({
      kind: 'starting',
      need: null,
      live: true,
    })
  })

  it('shows the encoding progress of a replay', () => {
    expect(selectWatchScreen(subject({ media_status: 'processing', media_progress: 42 }), now)).toEqual({
      kind: 'processing',
      progress: 42,
    })
  })

  it('says so when a finished event or a library video has nothing to play', () => {
    expect(selectWatchScreen(subject({}), now)).toEqual({ kind: 'no_video' })
    expect(selectWatchScreen(subject({ media_status: 'failed' }), now)).toEqual({ kind: 'no_video' })
    const libraryItem = subject({ stream_status: undefined, event_utc_ts: undefined, has_access: undefined })
    expect(selectWatchScreen(libraryItem, now)).toEqual({ kind: 'no_video' })
  })

  it('offers a retry when there is video but neither a way to play it nor a reason', () => {
    expect(selectWatchScreen(subject({ media_status: 'ready' }), now)).toEqual({ kind: 'unavailable' })
  })
})

describe('watchPollMs', () => {
  it('asks again only while something is expected to change', () => {
    expect(watchPollMs({ kind: 'upcoming', startsAt: '', need: null })).toBe(60_000)
    expect(watchPollMs({ kind: 'starting', need: null, live: false })).toBe(15_000)
    expect(watchPollMs({ kind: 'processing', progress: 1 })).toBe(10_000)
    expect(watchPollMs({ kind: 'player', playback: playback(true), mode: 'live' })).toBe(false)
    expect(watchPollMs({ kind: 'no_access' })).toBe(false)
  })
})
