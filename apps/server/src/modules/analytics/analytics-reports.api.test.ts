import { analyticsPaths, MINUTE } from '@fieldhouse/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SCHEDULED_JOBS } from '../../jobs/kinds.js'
import { startAnalytics, uuid } from '../../test/analytics.js'
import { createTestContext, type TestContext, testDatabases } from '../../test/context.js'
import { buildChannel } from '../../test/factories.js'
import { buildOperator } from '../../test/operators.js'

/** A minute boundary (the script's zero), well in the past of the real clock. */
const T = Math.floor(Date.UTC(2026, 10, 1, 18, 0, 0) / MINUTE) * MINUTE
const S = 1000

describe.each(testDatabases())('the analytics reports equal a scripted audience, on %s', (kind) => {
  let ctx: TestContext
  let svc: Awaited<ReturnType<typeof startAnalytics>>
  let now = T + 185 * S
  let owner: string
  let producer: string
  let support: string

  const sessions = { A: uuid(), B: uuid(), C: uuid(), D: uuid(), E: uuid(), F: uuid(), V: uuid() }
  const views = { A: uuid(), B: uuid(), C: uuid(), D: uuid(), V: uuid() }
  type Rec = Record<string, unknown>
  const send = async (records: Rec[], country?: string, profile = 'yak_demo') => {
    const res = await svc.post(
      analyticsPaths.batch,
      { profile, records: records.map((r) => ({ record_id: uuid(), ...r })) },
      'text/plain',
      country ? { 'cf-ipcountry': country } : {},
    )
    if (res.status !== 200) throw new Error(`batch: ${res.status} ${JSON.stringify(res.body)}`)
  }
  const video = (p: keyof typeof views, event: string, at: number, stream = { id: 77, type: 'live' }) => ({
    kind: 'video_event',
    session_uuid: sessions[p],
    video_view_uuid: views[p],
    stream_id: stream.id,
    stream_type: stream.type,
    event,
    ts: T + at,
  })
  const beats = (p: keyof typeof views, seconds: number[], stream = { id: 77, type: 'live' }) =>
    seconds.map((s) => ({
      kind: 'video_viewing',
      session_uuid: sessions[p],
      video_view_uuid: views[p],
      stream_id: stream.id,
      stream_type: stream.type,
      viewing_time: 10,
      ts: T + s * S,
    }))
  const session = (p: keyof typeof sessions, device: string, at: number) => ({
    kind: 'session',
    session: sessions[p],
    device_type: device,
    platform: 'web',
    ts: T + at,
  })
  const event = (p: keyof typeof sessions, name: string, at: number, extras: Rec = {}) => ({
    kind: 'event',
    session_uuid: sessions[p],
    event: name,
    extras: name === 'visit_page' ? { page: '/', authorized: false, timestamp: T + at } : extras,
    ts: T + at,
  })
  const range = `from=${T}&to=${T + 10 * MINUTE}`

  beforeAll(async () => {
    ctx = await createTestContext(kind, { env: { GEO_COUNTRY_HEADER: 'cf-ipcountry' }, clock: () => now })
    svc = await startAnalytics(ctx)
    owner = (await buildOperator(ctx, 'demo', 'owner')).key
    producer = (await buildOperator(ctx, 'demo', 'producer')).key
    support = (await buildOperator(ctx, 'demo', 'support')).key
    await buildChannel(ctx, 'north', { analyticsKey: 'yak_north' })

    // A: desktop in the US, starts in 1.2 s, watches 12 heartbeats (120 s), stalls 3 s.
    await send(
      [
        session('A', 'desktop', 0),
        video('A', 'play', 0),
        video('A', 'first_frame', 1200),
        video('A', 'stall_start', 30 * S),
        video('A', 'stall_end', 33 * S),
        ...beats('A', [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120]),
        event('A', 'visit_page', 1 * S),
        event('A', 'visit_page', 2 * S),
        event('A', 'view_item_list', 3 * S),
      ],
      'US',
    )
    // B: a phone in Germany, starts in 2.5 s, 120 s watched.
    await send(
      [
        session('B', 'mobile', 60 * S),
        video('B', 'play', 60 * S),
        video('B', 'first_frame', 62_500),
        ...beats('B', [70, 80, 90, 100, 110, 120, 130, 140, 150, 160, 170, 180]),
        event('B', 'visit_page', 61 * S),
      ],
      'DE',
    )
    // C: a phone in Germany whose playback fails before a frame.
    await send([session('C', 'mobile', 90 * S), video('C', 'play', 90 * S), video('C', 'error', 95 * S)], 'DE')
    // D: a tablet, country unknown, starts in 0.4 s, 20 s watched, stalls 2 s.
    await send([
      session('D', 'tablet', 100 * S),
      video('D', 'play', 100 * S),
      video('D', 'first_frame', 100_400),
      ...beats('D', [110, 120]),
      video('D', 'stall_start', 125 * S),
      video('D', 'stall_end', 127 * S),
    ])
    // E buys; F begins a checkout that fails.
    await send([
      event('E', 'visit_page', 5 * S),
      event('E', 'view_item_list', 6 * S),
      event('E', 'begin_checkout', 7 * S, { item_id: '3', value: 4.99, currency: 'USD' }),
      event('E', 'purchase', 8 * S),
      event('E', 'purchase_success', 8 * S),
      event('F', 'visit_page', 9 * S),
      event('F', 'view_item_list', 10 * S),
      event('F', 'begin_checkout', 11 * S),
      event('F', 'purchase_failed', 12 * S),
    ])
    // V watches a library video for 30 s; another channel's viewer of its own event 77 counts nowhere here.
    await send(beats('V', [10, 20, 30], { id: 5, type: 'vod' }))
    await send(beats('A', [10, 20]), 'US', 'yak_north')
  })
  afterAll(async () => {
    await svc?.close()
    await ctx?.close()
  })

  const get = (path: string, key: string) => ctx.json(path, { headers: { authorization: `Bearer ${key}` } })

  it("an event's report: viewers now and per minute, minutes watched, startup, rebuffering, failures, countries, devices", async () => {
    const res = await get(`/api/admin/analytics/streams?type=event&id=77&${range}`, producer)
    expect(res.status).toBe(200)
    const r = res.body.data
    expect(r).toMatchObject({
      stream_type: 'event',
      stream_id: 77,
      viewers_now: 1,
      unique_viewers: 3,
      viewing_minutes: 4.33,
      startup_ms: { p50: 1200, p95: 2500, count: 3 },
      rebuffer_percent: 1.9,
      failure_percent: 25,
      views: 4,
    })
    expect(r.minutes).toEqual([
      { minute: T, viewers: 1, viewing_minutes: 0.83 },
      { minute: T + MINUTE, viewers: 3, viewing_minutes: 2 },
      { minute: T + 2 * MINUTE, viewers: 3, viewing_minutes: 1.33 },
      { minute: T + 3 * MINUTE, viewers: 1, viewing_minutes: 0.17 },
    ])
    const byName = (list: { name: string; viewers: number }[]) => [...list].sort((a, b) => (a.name < b.name ? -1 : 1))
    expect(byName(r.countries)).toEqual([
      { name: 'DE', viewers: 1 },
      { name: 'US', viewers: 1 },
      { name: 'unknown', viewers: 1 },
    ])
    expect(byName(r.devices)).toEqual([
      { name: 'desktop', viewers: 1 },
      { name: 'mobile', viewers: 1 },
      { name: 'tablet', viewers: 1 },
    ])
  })

  it("a VOD item's report, and the channel's viewing as a whole", async () => {
    const vod = (await get(`/api/admin/analytics/streams?type=vod&id=5&${range}`, owner)).body.data
    expect(vod).toMatchObject({ unique_viewers: 1, viewing_minutes: 0.5, views: 0, startup_ms: { p50: null } })
    const all = (await get(`/api/admin/analytics/streams?${range}`, owner)).body.data
    expect(all).toMatchObject({ stream_type: null, stream_id: null, unique_viewers: 4, viewing_minutes: 4.83 })
  })

  it("the channel's report: visits, sessions, the funnel, the most watched streams", async () => {
    const res = await get(`/api/admin/analytics/channel?${range}`, owner)
    expect(res.status).toBe(200)
    const r = res.body.data
    expect(r).toMatchObject({
      visits: 5,
      sessions: 4,
      funnel: { visit: 4, item_list: 3, begin_checkout: 2, purchase: 1 },
      top_streams: [
        { stream_type: 'live', stream_id: 77, viewing_minutes: 4.33, viewers: 3 },
        { stream_type: 'vod', stream_id: 5, viewing_minutes: 0.5, viewers: 1 },
      ],
    })
    expect(r.minutes).toEqual([
      { minute: T, visits: 4, sessions: 1 },
      { minute: T + MINUTE, visits: 1, sessions: 3 },
    ])
  })

  it('refuses a bad range, and roles the rule table does not allow', async () => {
    expect((await get(`/api/admin/analytics/channel?from=${T}&to=${T}`, owner)).status).toBe(422)
    expect((await get(`/api/admin/analytics/streams?type=radio`, owner)).status).toBe(422)
    expect((await get(`/api/admin/analytics/channel?${range}`, support)).status).toBe(403)
    const patch = await ctx.json('/api/admin/analytics/retention', {
      method: 'PATCH',
      headers: { authorization: `Bearer ${producer}` },
      body: { days: 10 },
    })
    expect(patch.status).toBe(403)
  })

  it("the scheduled sweep deletes what is older than the channel's retention, and nothing else", async () => {
    expect(SCHEDULED_JOBS['analytics.sweep'].everyMs).toBeGreaterThan(0)
    // Records of 40 days ago, on both channels (no client clock: stored at the service's time).
    now = T - 40 * 24 * 60 * MINUTE
    const old = uuid()
    await send([
      { kind: 'event', session_uuid: old, event: 'login' },
      { kind: 'session', session: old, device_type: 'tv', platform: 'web' },
    ])
    await send([{ kind: 'event', session_uuid: old, event: 'login' }], undefined, 'yak_north')
    await svc.post(analyticsPaths.error, { profile: 'yak_demo', session_uuid: old, kind: 'error', message: 'old' })
    now = T + 185 * S

    const bad = await ctx.json('/api/admin/analytics/retention', {
      method: 'PATCH',
      headers: { authorization: `Bearer ${owner}` },
      body: { days: 0 },
    })
    expect(bad.status).toBe(422)
    const set = await ctx.json('/api/admin/analytics/retention', {
      method: 'PATCH',
      headers: { authorization: `Bearer ${owner}` },
      body: { days: 30 },
    })
    expect(set).toMatchObject({ status: 200, body: { data: { days: 30 } } })
    expect((await get('/api/admin/analytics/retention', owner)).body.data).toEqual({ days: 30 })

    const count = async (table: 'analytics_records' | 'analytics_sessions' | 'analytics_errors') =>
      Number(
        (
          await ctx.db.kysely
            .selectFrom(table)
            .select((e) => e.fn.countAll<number>().as('n'))
            .where('session_uuid', '=', old)
            .executeTakeFirstOrThrow()
        ).n,
      )
    expect([
      await count('analytics_records'),
      await count('analytics_sessions'),
      await count('analytics_errors'),
    ]).toEqual([2, 1, 1])
    const handlers = ctx.container.jobs.handlers
    await handlers['analytics.sweep'](
      { id: 0, kind: 'analytics.sweep', payload: {}, attempts: 1 } as never,
      {} as never,
    )
    // The demo channel keeps 30 days: its old rows are gone; north keeps the default 400 days.
    expect([
      await count('analytics_records'),
      await count('analytics_sessions'),
      await count('analytics_errors'),
    ]).toEqual([1, 0, 0])
    // What the script sent is recent: the reports still add up.
    const r = (await get(`/api/admin/analytics/streams?type=event&id=77&${range}`, owner)).body.data
    expect(r.unique_viewers).toBe(3)
  })
})
