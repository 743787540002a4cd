import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AnalyticsRecord } from './records'
import { RefusedBatchError } from './send-queue'
import { createServiceCalls, describeDevice } from './service-calls'

const device = { device_type: 'mobile', user_agent: 'UA', resolution: '390x844' }
const visit: AnalyticsRecord = {
  kind: 'event',
  record_id: '0b9e0c47-5d8e-4c36-9a43-3c1f1d4b8a01',
  ts: 1700000000000,
  event: 'visit_page',
  extras: { page: '/live', authorized: false, timestamp: 1700000000000, outer_referrer: null, from_page: '/' },
  user_id: null,
  user_email: null,
  origin_url: 'https://tv.example.com/live',
  trk: 'nl',
}
const heartbeat: AnalyticsRecord = {
  kind: 'video_viewing',
  record_id: '0b9e0c47-5d8e-4c36-9a43-3c1f1d4b8a02',
  ts: 1700000010000,
  video_view_uuid: 'v1',
  stream_id: 7,
  stream_type: 'live',
  viewing_time: 10,
  category: 'mens-basketball',
  sport: 'basketball',
  gender: 'men',
  school: 'ridgeline',
  league: 'Summit',
}

function recorder(status = 200, body: unknown = { data: 'ok' }) {
  const requests: Array<{ url: string; init: RequestInit }> = []
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    requests.push({ url: String(url), init: init ?? {} })
    return new Response(JSON.stringify(body), { status })
  }) as unknown as typeof globalThis.fetch
  return { requests, fetch }
}

describe('analytics service calls', () => {
  it('makes the session: the hash from data, then the session with the device and platform=web', async () => {
    const { requests, fetch } = recorder(200, { data: 'abc123' })
    const calls = createServiceCalls({ base: 'https://stats.example.com/', profile: 'yak_1', device, fetch })
    const hash = await calls.session.hash()
    await calls.session.register(hash)
    expect(requests[0]?.url).toBe('https://stats.example.com/datalake/hash/')
    const session = new URL(requests[1]?.url as string)
    expect(session.pathname).toBe('/datalake/session/')
    expect(Object.fromEntries(session.searchParams)).toEqual({
      profile: 'yak_1',
      session: 'abc123',
      device_type: 'mobile',
      user_agent: 'UA',
      resolution: '390x844',
      platform: 'web',
    })
    expect(requests[1]?.init.credentials).toBe('omit')
  })

  it('refuses an answer without a hash', async () => {
    const { fetch } = recorder(200, { data: '' })
    const calls = createServiceCalls({ base: '', profile: 'p', device, fetch })
    await expect(calls.session.hash()).rejects.toThrow()
  })

  it("sends one record by the spec's GET call, with profile, session, id and time", async () => {
    const { requests, fetch } = recorder()
    const calls = createServiceCalls({ base: '', profile: 'yak_1', device, fetch })
    await calls.sendRecords([visit], 'sess')
    const url = new URL(requests[0]?.url as string, 'https://x')
    expect(url.pathname).toBe('/datalake/event/')
    expect(requests[0]?.init.method).toBe('GET')
    const q = Object.fromEntries(url.searchParams)
    expect(q).toMatchObject({
      profile: 'yak_1',
      session_uuid: 'sess',
      record_id: '0b9e0c47-5d8e-4c36-9a43-3c1f1d4b8a01',
      ts: '1700000000000',
      event: 'visit_page',
      origin_url: 'https://tv.example.com/live',
      trk: 'nl',
    })
    expect(JSON.parse(q.extras as string)).toEqual(visit.kind === 'event' ? visit.extras : {})
    // No value is left out rather than sent empty.
    expect(url.searchParams.has('user_id')).toBe(false)
    expect(url.searchParams.has('kind')).toBe(false)

    await calls.sendRecords([heartbeat], 'sess')
    const viewing = new URL(requests[1]?.url as string, 'https://x')
    expect(viewing.pathname).toBe('/datalake/video/viewing/')
    expect(Object.fromEntries(viewing.searchParams)).toMatchObject({
      video_view_uuid: 'v1',
      stream_id: '7',
      stream_type: 'live',
      viewing_time: '10',
      category: 'mens-basketball',
      sport: 'basketball',
      gender: 'men',
      school: 'ridgeline',
      league: 'Summit',
    })
  })

  it('sends several records in one POST as text/plain JSON (no preflight), the same a beacon sends', async () => {
    const { requests, fetch } = recorder()
    const beacons: Array<[string, string]> = []
    const calls = createServiceCalls({
      base: 'https://stats.example.com',
      profile: 'yak_1',
      device,
      fetch,
      sendBeacon: (url, data) => beacons.push([url, data]) > 0,
    })
    await calls.sendRecords([visit, heartbeat], 'sess')
    expect(requests[0]?.url).toBe('https://stats.example.com/datalake/batch/')
    expect(requests[0]?.init.method).toBe('POST')
    expect(new Headers(requests[0]?.init.headers).get('Content-Type')).toMatch(/^text\/plain/)
    expect(calls.beaconRecords([visit, heartbeat], 'sess')).toBe(true)
    expect(beacons[0]?.[0]).toBe('https://stats.example.com/datalake/batch/')
    expect(JSON.parse(beacons[0]?.[1] as string)).toEqual(JSON.parse(requests[0]?.init.body as string))
    // Each record with its session; a field without a value is left out.
    const { user_id: _u, user_email: _e, ...sentVisit } = visit as Extract<AnalyticsRecord, { kind: 'event' }>
    expect(JSON.parse(beacons[0]?.[1] as string)).toEqual({
      profile: 'yak_1',
      records: [
        { ...sentVisit, session_uuid: 'sess' },
        { ...heartbeat, session_uuid: 'sess' },
      ],
    })
  })

  it('tells a refusal (4xx) from a failure worth another try (5xx, 429, 408)', async () => {
    for (const [status, refused] of [
      [400, true],
      [403, true],
      [408, false],
      [429, false],
      [503, false],
    ] as const) {
      const calls = createServiceCalls({ base: '', profile: 'p', device, fetch: recorder(status).fetch })
      const error = await calls.sendRecords([visit], 's').catch((e: unknown) => e)
      expect(error instanceof RefusedBatchError, String(status)).toBe(refused)
    }
  })

  describe('timeout', () => {
    beforeEach(() => vi.useFakeTimers())
    afterEach(() => vi.useRealTimers())

    it('gives up on a request after 30 s (spec §9)', async () => {
      const fetch = vi.fn(
        (_url: string | URL | Request, init?: RequestInit) =>
          new Promise<Response>((_, reject) =>
            init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
          ),
      ) as unknown as typeof globalThis.fetch
      const calls = createServiceCalls({ base: '', profile: 'p', device, fetch })
      let settled: unknown = 'pending'
      calls.sendRecords([visit], 's').catch((e: unknown) => {
        settled = e
      })
      await vi.advanceTimersByTimeAsync(29_999)
      expect(settled).toBe('pending')
      await vi.advanceTimersByTimeAsync(1)
      expect(settled).toBeInstanceOf(DOMException)
      expect(settled instanceof RefusedBatchError).toBe(false)
    })
  })
})

describe('error reports', () => {
  it('posts one report to the error endpoint, with the profile and session', async () => {
    const { requests, fetch } = recorder()
    const calls = createServiceCalls({ base: '', profile: 'yak_1', device, fetch })
    await calls.sendError(
      {
        record_id: '0b9e0c47-5d8e-4c36-9a43-3c1f1d4b8a03',
        kind: 'api',
        message: 'Bad gateway',
        stack: null,
        url: 'https://tv.example.com/live',
        request_url: 'GET /api/events',
        status: 502,
      },
      'sess',
    )
    expect(requests[0]?.url).toBe('/datalake/error/')
    expect(JSON.parse(requests[0]?.init.body as string)).toEqual({
      profile: 'yak_1',
      session_uuid: 'sess',
      record_id: '0b9e0c47-5d8e-4c36-9a43-3c1f1d4b8a03',
      kind: 'api',
      message: 'Bad gateway',
      url: 'https://tv.example.com/live',
      request_url: 'GET /api/events',
      status: 502,
    })
  })
})

describe('device description', () => {
  it('names phones, tablets and desktops, and the screen', () => {
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148'
    expect(describeDevice({ userAgent: iphone }, { width: 390, height: 844 })).toEqual({
      device_type: 'mobile',
      user_agent: iphone,
      resolution: '390x844',
    })
    expect(
      describeDevice({ userAgent: 'Mozilla/5.0 (Linux; Android 14; SM-X710) Safari' }, { width: 1, height: 1 })
        .device_type,
    ).toBe('tablet')
    expect(
      describeDevice({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120' }, { width: 1, height: 1 }).device_type,
    ).toBe('desktop')
  })
})
