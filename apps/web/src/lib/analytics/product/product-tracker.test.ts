import type { PlayerContext, PlayerEvent } from '@fieldhouse/player'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { memoryBackend } from '../../storage/ttl-storage'
import { createProductTracker, outerReferrer } from './product-tracker'
import type { AnalyticsRecord, ErrorReport } from './records'
import type { ServiceCalls } from './service-calls'

const anonymous = { user_id: null, user_email: null }
const meta = { category: 'mens-basketball', sport: 'basketball', gender: 'men', school: 'ridgeline', league: 'Summit' }
const live: PlayerContext = { subject: 'event:7', live: true, viewId: 'view-1', meta }

function setup({ failSends = 0 } = {}) {
  const sent: Array<{ records: AnalyticsRecord[]; session: string }> = []
  const beacons: AnalyticsRecord[][] = []
  const errors: ErrorReport[][] = []
  let failuresLeft = failSends
  const calls = {
    session: { hash: vi.fn(async () => 'sess-1'), register: vi.fn(async () => {}) },
    sendRecords: vi.fn(async (records: AnalyticsRecord[], session: string) => {
      if (failuresLeft-- > 0) throw new Error('503')
      sent.push({ records, session })
    }),
    beaconRecords: vi.fn((records: AnalyticsRecord[]) => beacons.push(records) > 0),
    sendError: vi.fn(async (report: ErrorReport) => void errors.push([report])),
    beaconError: vi.fn((report: ErrorReport) => errors.push([report]) > 0),
  } satisfies ServiceCalls
  const tracker = createProductTracker({
    calls,
    backend: memoryBackend(),
    originUrl: () => 'https://tv.example.com/live?trk=spring-promo',
    queueOptions: { flushDelayMs: 100 },
  })
  const records = () => sent.flatMap((s) => s.records)
  return { tracker, calls, sent, beacons, errors, records }
}

describe('product tracker', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('records visit_page on each route with the spec fields, the tracking value and an id each', async () => {
    const { tracker, records, sent } = setup()
    tracker.handle({
      kind: 'visit',
      ts: 1000,
      page: '/live',
      viewer: anonymous,
      referrer: 'https://news.example.org/a',
    })
    tracker.handle({
      kind: 'visit',
      ts: 2000,
      page: '/watch/7',
      viewer: { user_id: 5, user_email: 'a@b.c' },
      referrer: 'https://news.example.org/a',
      href: 'https://tv.example.com/watch/7',
    })
    await vi.advanceTimersByTimeAsync(100)
    expect(sent[0]?.session).toBe('sess-1')
    const [first, second] = records()
    expect(first).toMatchObject({
      kind: 'event',
      event: 'visit_page',
      ts: 1000,
      trk: 'spring-promo',
      origin_url: 'https://tv.example.com/live?trk=spring-promo',
      extras: {
        page: '/live',
        authorized: false,
        timestamp: 1000,
        outer_referrer: 'https://news.example.org/a',
        from_page: null,
      },
    })
    expect(second).toMatchObject({
      origin_url: 'https://tv.example.com/watch/7',
      user_id: '5',
      user_email: 'a@b.c',
      extras: { page: '/watch/7', authorized: true, timestamp: 2000, outer_referrer: null, from_page: '/live' },
    })
    expect(new Set(records().map((r) => r.record_id)).size).toBe(2)
  })

  it('records login and failed API calls; a 5xx is also an error report, once per session', async () => {
    const { tracker, records, errors } = setup()
    tracker.handle({ kind: 'login', ts: 1, method: 'email', viewer: { user_id: 5, user_email: 'a@b.c' } })
    const failure = {
      method: 'GET',
      url: '/api/events',
      kind: 'http',
      status: 502,
      message: 'Bad gateway',
      request_length: 0,
      response_length: 40,
    }
    tracker.handle({ kind: 'api_failed', ts: 2, viewer: anonymous, failure, page: '/live' })
    tracker.handle({ kind: 'api_failed', ts: 3, viewer: anonymous, failure, page: '/live' })
    tracker.handle({
      kind: 'api_failed',
      ts: 4,
      viewer: anonymous,
      failure: { ...failure, status: 404, message: 'Not found' },
      page: '/',
    })
    await vi.advanceTimersByTimeAsync(100)
    expect(records().map((r) => r.kind === 'event' && r.event)).toEqual([
      'login',
      'api_request',
      'api_request',
      'api_request',
    ])
    expect(records()[1]).toMatchObject({
      extras: {
        sub_event: 'http',
        request_url: '/api/events',
        status: 502,
        error_message: 'Bad gateway',
        request_length: 0,
        response_length: 40,
      },
    })
    expect(errors.flat()).toHaveLength(1)
    expect(errors.flat()[0]).toMatchObject({
      kind: 'api',
      status: 502,
      request_url: 'GET /api/events',
      url: 'https://tv.example.com/live?trk=spring-promo',
    })
  })

  it('records the funnel’s ecommerce events by the names the reports count, without empty fields', async () => {
    const { tracker, records } = setup()
    const viewer = { user_id: 5, user_email: 'a@b.c' }
    const pass = { item_id: '4', item_name: 'Season pass', value: 41.49, currency: 'USD' }
    tracker.handle({
      kind: 'commerce',
      ts: 1,
      event: 'view_item_list',
      item: { item_id: 'packages', item_name: 'Packages', value: null, currency: null },
      viewer: anonymous,
    })
    tracker.handle({ kind: 'commerce', ts: 2, event: 'begin_checkout', item: pass, viewer })
    tracker.handle({ kind: 'commerce', ts: 3, event: 'purchase_success', item: pass, viewer })
    await vi.advanceTimersByTimeAsync(100)
    expect(records().map((r) => r.kind === 'event' && r.event)).toEqual([
      'view_item_list',
      'begin_checkout',
      'purchase_success',
    ])
    expect(records()[0]).toMatchObject({ extras: { item_id: 'packages', item_name: 'Packages' } })
    expect(Object.keys((records()[0] as { extras: object }).extras)).toEqual(['item_id', 'item_name'])
    expect(records()[2]).toMatchObject({ user_id: '5', ts: 3, extras: pass })
  })

  it('turns the player events into video events and heartbeats into the seconds each adds', async () => {
    const { tracker, records } = setup()
    const at = (ts: number, event: PlayerEvent, context: PlayerContext = live) =>
      tracker.handle({ kind: 'player', ts, event, context })
    at(1, { type: 'play' }, { ...live, position: 0 })
    at(2, { type: 'first_frame', ms: 840 }, { ...live, position: 0.04 })
    at(3, { type: 'heartbeat', watchedSeconds: 10, final: false })
    at(4, { type: 'stall_start' }, { ...live, position: 10.25 })
    at(5, { type: 'stall_end', ms: 1200 })
    at(6, { type: 'quality_switch', level: 1, label: '720p', auto: true })
    at(7, { type: 'error', code: 'fragLoadError', fatal: false })
    at(8, { type: 'heartbeat', watchedSeconds: 19, final: false })
    at(9, { type: 'heartbeat', watchedSeconds: 19, final: true })
    at(10, { type: 'preroll_start', prerollId: 1 })
    // A background tab's late heartbeat: no record carries more than a minute.
    at(11, { type: 'heartbeat', watchedSeconds: 100, final: false })
    at(12, { type: 'ended' }, { subject: 'vod:3', live: false, viewId: 'view-2' })
    await vi.advanceTimersByTimeAsync(100)
    const stream = { video_view_uuid: 'view-1', stream_id: 7, stream_type: 'live' }
    const none = { position: null, quality: null, error_message: null }
    expect(records()).toEqual([
      expect.objectContaining({ kind: 'video_event', event: 'play', ts: 1, ...stream, ...none, position: 0 }),
      expect.objectContaining({ kind: 'video_event', event: 'first_frame', ts: 2, position: 0 }),
      expect.objectContaining({ kind: 'video_viewing', viewing_time: 10, ts: 3, ...stream, ...meta }),
      expect.objectContaining({ kind: 'video_event', event: 'stall_start', position: 10.3 }),
      expect.objectContaining({ kind: 'video_event', event: 'stall_end', ...none }),
      expect.objectContaining({ kind: 'video_event', event: 'quality_change', ...none, quality: '720p' }),
      expect.objectContaining({ kind: 'video_event', event: 'error', ...none, error_message: 'fragLoadError' }),
      expect.objectContaining({ kind: 'video_viewing', viewing_time: 9, ts: 8 }),
      expect.objectContaining({ kind: 'video_viewing', viewing_time: 60, ts: 11 }),
      expect.objectContaining({ kind: 'video_viewing', viewing_time: 21, ts: 11 }),
      expect.objectContaining({
        kind: 'video_event',
        event: 'ended',
        video_view_uuid: 'view-2',
        stream_id: 3,
        stream_type: 'vod',
      }),
    ])
  })

  it('keeps records while the service is down and delivers them, each once, when it is back', async () => {
    const { tracker, records, calls } = setup({ failSends: 2 })
    tracker.handle({ kind: 'visit', ts: 1, page: '/', viewer: anonymous, referrer: '' })
    await vi.advanceTimersByTimeAsync(100)
    tracker.handle({ kind: 'visit', ts: 2, page: '/live', viewer: anonymous, referrer: '' })
    await vi.advanceTimersByTimeAsync(5000)
    expect(calls.sendRecords).toHaveBeenCalledTimes(3)
    expect(records().map((r) => r.ts)).toEqual([1, 2])
  })

  it('on page hide sends what waits by beacon, and what the player says after it too', async () => {
    const { tracker, beacons, records } = setup()
    await vi.advanceTimersByTimeAsync(0)
    tracker.handle({ kind: 'visit', ts: 1, page: '/watch/7', viewer: anonymous, referrer: '' })
    tracker.pageHidden()
    expect(beacons.flat().map((r) => r.ts)).toEqual([1])
    tracker.handle({
      kind: 'player',
      ts: 2,
      event: { type: 'heartbeat', watchedSeconds: 4, final: true },
      context: live,
    })
    await Promise.resolve()
    expect(beacons.flat().map((r) => r.ts)).toEqual([1, 2])
    expect(tracker.pending).toBe(0)
    await vi.advanceTimersByTimeAsync(1000)
    expect(records()).toEqual([])
  })

  it('reports uncaught errors once per session', async () => {
    const { tracker, errors } = setup()
    const error = {
      kind: 'error' as const,
      ts: 1,
      source: 'error' as const,
      message: 'TypeError: x',
      stack: 'at f (a.js:1:2)',
      page: '/',
    }
    tracker.handle(error)
    tracker.handle({ ...error, ts: 2 })
    tracker.handle({ ...error, source: 'unhandledrejection', message: 'Error: late' })
    await vi.advanceTimersByTimeAsync(100)
    expect(errors.flat().map((e) => e.message)).toEqual(['TypeError: x', 'Error: late'])
  })
})

describe('outer referrer', () => {
  it("is another site's address, never our own", () => {
    expect(outerReferrer('https://news.example.org/x', 'https://tv.example.com/')).toBe('https://news.example.org/x')
    expect(outerReferrer('https://tv.example.com/live', 'https://tv.example.com/watch/1')).toBeNull()
    expect(outerReferrer('', 'https://tv.example.com/')).toBeNull()
  })
})
