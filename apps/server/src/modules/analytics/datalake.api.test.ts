import { analyticsLimits, analyticsPaths } from '@fieldhouse/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAnalytics, uuid } from '../../test/analytics.js'
import { createTestContext, type TestContext, testDatabases } from '../../test/context.js'
import { buildChannel } from '../../test/factories.js'

const PROFILE = 'yak_demo'

describe.each(testDatabases())('the analytics service (spec §7 datalake calls), on %s', (kind) => {
  let ctx: TestContext
  let svc: Awaited<ReturnType<typeof startAnalytics>>
  let demoId: number
  const records = () => ctx.db.kysely.selectFrom('analytics_records').selectAll().where('channel_id', '=', demoId)
  const session = uuid()

  beforeAll(async () => {
    ctx = await createTestContext(kind, { env: { GEO_COUNTRY_HEADER: 'cf-ipcountry' } })
    svc = await startAnalytics(ctx)
    demoId = (await ctx.app.services.channels.findByKey('demo'))?.id as number
  })
  afterAll(async () => {
    await svc?.close()
    await ctx?.close()
  })

  it('GET /datalake/hash/ answers a new session id in data, never cached, open to any origin', async () => {
    const a = await svc.get(analyticsPaths.hash)
    const b = await svc.get(analyticsPaths.hash)
    expect(a.status).toBe(200)
    expect(a.body.data).toMatch(/^[0-9a-f-]{36}$/)
    expect(a.body.data).not.toBe(b.body.data)
    expect(a.headers.get('cache-control')).toBe('no-store')
    expect(a.headers.get('access-control-allow-origin')).toBe('*')
  })

  it('the demo channel has an analytics key, and its settings and bootstrap carry it with the service address', async () => {
    const settings = await ctx.json('/api/settings?channel_key=demo')
    expect(settings.body.data['yare-analytics']).toEqual({
      'yare-analytics-key': PROFILE,
      'yare-analytics-url': `http://localhost:${svc.port}`,
    })
    const boot = await ctx.json('/api/channel-bootstrap-data?channel_key=demo')
    expect(boot.body.data.settings['yare-analytics']['yare-analytics-key']).toBe(PROFILE)
  })

  it('GET /datalake/session/ stores the session with its country, not its address', async () => {
    const res = await svc.get(
      analyticsPaths.session,
      {
        profile: PROFILE,
        session,
        device_type: 'mobile',
        user_agent: 'Mozilla/5.0 (iPhone)',
        resolution: '390x844',
        platform: 'web',
      },
      { 'cf-ipcountry': 'DE' },
    )
    expect(res).toMatchObject({ status: 200, body: { data: { accepted: 1 } } })
    const row = await ctx.db.kysely
      .selectFrom('analytics_sessions')
      .selectAll()
      .where('session_uuid', '=', session)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      channel_id: demoId,
      device_type: 'mobile',
      user_agent: 'Mozilla/5.0 (iPhone)',
      resolution: '390x844',
      platform: 'web',
      country_code: 'DE',
    })
    expect(JSON.stringify(row)).not.toContain('127.0.0.1')
    // Announced again (a reload): still one session.
    await svc.get(analyticsPaths.session, { profile: PROFILE, session, device_type: 'mobile', platform: 'web' })
    const n = await ctx.db.kysely
      .selectFrom('analytics_sessions')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('session_uuid', '=', session)
      .executeTakeFirstOrThrow()
    expect(Number(n.n)).toBe(1)
  })

  it('GET /datalake/event/ stores visit_page, login and api_request with their fields; the email only as a keyed hash', async () => {
    const ids = [uuid(), uuid(), uuid()]
    const common = {
      profile: PROFILE,
      session_uuid: session,
      user_id: '42',
      user_email: 'Fan@Example.org',
      origin_url: 'https://tv.example.org/watch/3',
      trk: 'newsletter-nov',
    }
    const visit = await svc.get(analyticsPaths.event, {
      ...common,
      record_id: ids[0],
      event: 'visit_page',
      extras: {
        page: '/watch/3',
        authorized: true,
        timestamp: 1_700_000_000_000,
        outer_referrer: 'https://search.example',
        from_page: '/',
      },
    })
    const login = await svc.get(analyticsPaths.event, {
      ...common,
      record_id: ids[1],
      event: 'login',
      extras: { method: 'email' },
    })
    const api = await svc.get(analyticsPaths.event, {
      ...common,
      record_id: ids[2],
      event: 'api_request',
      extras: {
        sub_event: 'error',
        request_url: '/api/events/3',
        status: 503,
        error_message: 'Service Unavailable',
        request_length: 0,
        response_length: 120,
      },
    })
    for (const r of [visit, login, api]) expect(r).toMatchObject({ status: 200, body: { data: { accepted: 1 } } })
    const rows = await records().where('record_id', 'in', ids).orderBy('id').execute()
    expect(rows.map((r) => r.name)).toEqual(['visit_page', 'login', 'api_request'])
    expect(rows[0]).toMatchObject({
      kind: 'event',
      session_uuid: session,
      user_id: '42',
      origin_url: 'https://tv.example.org/watch/3',
      trk: 'newsletter-nov',
      page: '/watch/3',
    })
    expect(JSON.parse(rows[0]?.extras ?? '')).toEqual({
      page: '/watch/3',
      authorized: true,
      timestamp: 1_700_000_000_000,
      outer_referrer: 'https://search.example',
      from_page: '/',
    })
    expect(JSON.parse(rows[2]?.extras ?? '')).toMatchObject({ sub_event: 'error', status: 503, response_length: 120 })
    // The same person, the same hash; no address in clear anywhere.
    expect(rows[0]?.email_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(new Set(rows.map((r) => r.email_hash)).size).toBe(1)
    expect(JSON.stringify(rows).toLowerCase()).not.toContain('fan@example.org')
  })

  it('the ecommerce steps are recorded for the funnel', async () => {
    for (const event of ['view_item_list', 'begin_checkout', 'purchase', 'purchase_success', 'purchase_failed']) {
      const r = await svc.get(analyticsPaths.event, {
        profile: PROFILE,
        session_uuid: session,
        event,
        extras: { item_id: '7', value: 4.99, currency: 'USD' },
      })
      expect(r.status).toBe(200)
    }
  })

  it('GET /datalake/video/event/ takes every player event, first_frame when none is named', async () => {
    const view = uuid()
    const base = { profile: PROFILE, session_uuid: session, video_view_uuid: view, stream_id: 3, stream_type: 'live' }
    expect((await svc.get(analyticsPaths.videoEvent, base)).status).toBe(200)
    const names = ['play', 'pause', 'seek', 'stall_start', 'stall_end', 'quality_change', 'error', 'ended']
    for (const event of names) {
      const r = await svc.get(analyticsPaths.videoEvent, {
        ...base,
        event,
        position: 12.5,
        ...(event === 'quality_change' ? { quality: '720p' } : {}),
        ...(event === 'error' ? { error_message: 'manifest 404' } : {}),
      })
      expect(r.status).toBe(200)
    }
    const rows = await records().where('view_uuid', '=', view).orderBy('id').execute()
    expect(rows.map((r) => r.name)).toEqual(['first_frame', ...names])
    expect(rows[1]).toMatchObject({ kind: 'video_event', stream_type: 'live', stream_id: 3, value: 12.5 })
    expect(JSON.parse(rows.find((r) => r.name === 'quality_change')?.extras ?? '')).toEqual({ quality: '720p' })
    expect(JSON.parse(rows.find((r) => r.name === 'error')?.extras ?? '')).toEqual({ error_message: 'manifest 404' })
  })

  it('GET /datalake/video/viewing/ stores the seconds watched and what was watched', async () => {
    const view = uuid()
    const r = await svc.get(analyticsPaths.videoViewing, {
      profile: PROFILE,
      session_uuid: session,
      video_view_uuid: view,
      stream_id: 3,
      stream_type: 'live',
      viewing_time: 10,
      category: 'Varsity',
      sport: 'Basketball',
      gender: 'women',
      school: 'Central High',
      league: 'Metro',
    })
    expect(r.status).toBe(200)
    const [row] = await records().where('view_uuid', '=', view).execute()
    expect(row).toMatchObject({ kind: 'video_viewing', name: 'viewing', value: 10, stream_id: 3 })
    expect(JSON.parse(row?.extras ?? '')).toEqual({
      category: 'Varsity',
      sport: 'Basketball',
      gender: 'women',
      school: 'Central High',
      league: 'Metro',
    })
  })

  it('a record sent again with its record_id is acknowledged and stored once', async () => {
    const record_id = uuid()
    const q = {
      profile: PROFILE,
      record_id,
      session_uuid: session,
      video_view_uuid: uuid(),
      stream_id: 3,
      stream_type: 'live',
      viewing_time: 10,
    }
    const answers = await Promise.all([1, 2, 3].map(() => svc.get(analyticsPaths.videoViewing, q)))
    for (const a of answers) expect(a.status).toBe(200)
    expect(await records().where('record_id', '=', record_id).execute()).toHaveLength(1)
  })

  it('refuses an unknown profile, and says which value is wrong', async () => {
    const unknown = await svc.get(analyticsPaths.event, {
      profile: 'yak_nobody',
      session_uuid: session,
      event: 'login',
    })
    expect(unknown).toMatchObject({ status: 403, body: { message: 'Unknown analytics profile' } })
    const none = await svc.get(analyticsPaths.event, { session_uuid: session, event: 'login' })
    expect(none.status).toBe(422)
    expect(none.body.errors.profile).toBeDefined()
    const cases: [string, Record<string, unknown>, string][] = [
      [analyticsPaths.session, { session, device_type: 'mobile', platform: 'ios' }, 'platform'],
      [analyticsPaths.session, { session, device_type: 'fridge', platform: 'web' }, 'device_type'],
      [analyticsPaths.session, { session, device_type: 'mobile', platform: 'web', resolution: 'big' }, 'resolution'],
      [analyticsPaths.session, { session: 'not-a-uuid', device_type: 'mobile', platform: 'web' }, 'session'],
      [analyticsPaths.event, { session_uuid: session, event: 'dance' }, 'event'],
      [analyticsPaths.event, { session_uuid: session, event: 'login', user_email: 'nope' }, 'user_email'],
      [analyticsPaths.event, { session_uuid: session, event: 'visit_page', extras: '{oops' }, 'extras'],
      [analyticsPaths.event, { session_uuid: session, event: 'visit_page', extras: { authorized: 1 } }, 'extras.page'],
      [
        analyticsPaths.event,
        { session_uuid: session, event: 'api_request', extras: { sub_event: 'x', request_url: '/a', status: 'bad' } },
        'extras.status',
      ],
      [
        analyticsPaths.videoEvent,
        { session_uuid: session, video_view_uuid: uuid(), stream_id: 3, stream_type: 'live', event: 'explode' },
        'event',
      ],
      [
        analyticsPaths.videoEvent,
        { session_uuid: session, video_view_uuid: uuid(), stream_id: 3, stream_type: 'radio' },
        'stream_type',
      ],
      [
        analyticsPaths.videoViewing,
        { session_uuid: session, video_view_uuid: uuid(), stream_id: 3, stream_type: 'live', viewing_time: 0 },
        'viewing_time',
      ],
      [
        analyticsPaths.videoViewing,
        { session_uuid: session, video_view_uuid: uuid(), stream_id: 3, stream_type: 'live', viewing_time: 61 },
        'viewing_time',
      ],
    ]
    const before = (await records().execute()).length
    for (const [path, query, field] of cases) {
      const r = await svc.get(path, { profile: PROFILE, ...query })
      expect(r.status, `${path} ${field}`).toBe(422)
      expect(Object.keys(r.body.errors), `${path} ${field}`).toContain(field)
    }
    expect((await records().execute()).length).toBe(before)
  })

  it('POST /datalake/batch/ takes sendBeacon text/plain JSON; one bad record refuses the batch and stores nothing', async () => {
    const view = uuid()
    const good = [
      { kind: 'session', record_id: uuid(), session: uuid(), device_type: 'desktop', platform: 'web' },
      {
        kind: 'event',
        record_id: uuid(),
        session_uuid: session,
        event: 'visit_page',
        extras: { page: '/', authorized: false, timestamp: 1 },
      },
      {
        kind: 'video_event',
        record_id: uuid(),
        session_uuid: session,
        video_view_uuid: view,
        stream_id: 9,
        stream_type: 'vod',
        event: 'ended',
      },
      {
        kind: 'video_viewing',
        record_id: uuid(),
        session_uuid: session,
        video_view_uuid: view,
        stream_id: 9,
        stream_type: 'vod',
        viewing_time: 4,
      },
    ]
    const bad = await svc.post(
      analyticsPaths.batch,
      { profile: PROFILE, records: [good[1], { ...good[2], event: 'nope' }] },
      'text/plain;charset=UTF-8',
    )
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.body.errors)).toEqual(['records.1.event'])
    expect(await records().where('view_uuid', '=', view).execute()).toHaveLength(0)

    const ok = await svc.post(analyticsPaths.batch, { profile: PROFILE, records: good }, 'text/plain;charset=UTF-8')
    expect(ok).toMatchObject({ status: 200, body: { data: { accepted: 4 } } })
    expect((await records().where('view_uuid', '=', view).execute()).map((r) => r.name).sort()).toEqual([
      'ended',
      'viewing',
    ])
    // The same batch again (a retry): nothing more.
    await svc.post(analyticsPaths.batch, { profile: PROFILE, records: good })
    expect(await records().where('view_uuid', '=', view).execute()).toHaveLength(2)
  })

  it('refuses a batch too long, a body too large, a body that is not JSON, an unknown profile', async () => {
    const many = Array.from({ length: analyticsLimits.batchMaxRecords + 1 }, () => ({
      kind: 'event',
      session_uuid: session,
      event: 'login',
    }))
    expect((await svc.post(analyticsPaths.batch, { profile: PROFILE, records: many })).status).toBe(422)
    const huge = JSON.stringify({
      profile: PROFILE,
      records: [{ kind: 'event', junk: 'x'.repeat(analyticsLimits.bodyMaxBytes) }],
    })
    expect((await svc.post(analyticsPaths.batch, huge)).status).toBe(413)
    expect((await svc.post(analyticsPaths.batch, '{not json', 'text/plain')).status).toBe(400)
    const stranger = await svc.post(analyticsPaths.batch, { profile: 'yak_nobody', records: [many[0]] })
    expect(stranger.status).toBe(403)
  })

  it('answers the preflight of a JSON post from another origin', async () => {
    const res = await fetch(svc.url + analyticsPaths.batch, {
      method: 'OPTIONS',
      headers: { origin: 'https://tv.example.org', 'access-control-request-method': 'POST' },
    })
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.headers.get('access-control-allow-methods')).toContain('POST')
    expect(res.headers.get('access-control-allow-headers')).toContain('content-type')
  })

  it('POST /datalake/error/ keeps a client error once per session', async () => {
    const report = {
      profile: PROFILE,
      session_uuid: session,
      kind: 'error',
      message: 'TypeError: x is undefined',
      stack: 'TypeError: x is undefined\n    at render (app.js:1:2)',
      url: 'https://tv.example.org/watch/3',
      release: 'web-1.0.0',
    }
    for (let i = 0; i < 3; i++) expect((await svc.post(analyticsPaths.error, report)).status).toBe(200)
    await svc.post(analyticsPaths.error, { ...report, session_uuid: uuid() })
    await svc.post(analyticsPaths.error, {
      profile: PROFILE,
      session_uuid: session,
      kind: 'api',
      message: 'Server error',
      request_url: '/api/events',
      status: 502,
    })
    const rows = await ctx.db.kysely
      .selectFrom('analytics_errors')
      .selectAll()
      .where('channel_id', '=', demoId)
      .execute()
    expect(rows).toHaveLength(3)
    expect(rows.find((r) => r.kind === 'api')).toMatchObject({ status: 502, request_url: '/api/events' })
    const bad = await svc.post(analyticsPaths.error, { profile: PROFILE, kind: 'oops', message: '' })
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.body.errors).sort()).toEqual(['kind', 'message'])
  })

  it('records go to the channel the profile names', async () => {
    await buildChannel(ctx, 'north', { analyticsKey: 'yak_north' })
    const other = await ctx.app.services.channels.findByKey('north')
    const record_id = uuid()
    const r = await svc.get(analyticsPaths.event, {
      profile: 'yak_north',
      record_id,
      session_uuid: session,
      event: 'login',
    })
    expect(r.status).toBe(200)
    const row = await ctx.db.kysely
      .selectFrom('analytics_records')
      .select('channel_id')
      .where('record_id', '=', record_id)
      .executeTakeFirstOrThrow()
    expect(row.channel_id).toBe(other?.id)
  })

  it('limits the requests of one address', async () => {
    const limited = await startAnalytics(ctx, { ANALYTICS_RATE_LIMIT_MAX: 2 })
    try {
      const answers = []
      for (let i = 0; i < 3; i++) answers.push((await limited.get(analyticsPaths.hash)).status)
      expect(answers).toEqual([200, 200, 429])
    } finally {
      await limited.close()
    }
  })
})
