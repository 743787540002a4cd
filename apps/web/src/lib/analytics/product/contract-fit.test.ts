import {
  AnalyticsBatchRecordSchema,
  AnalyticsBatchSchema,
  AnalyticsEventInputSchema,
  AnalyticsSessionInputSchema,
  analyticsExtrasSchemas,
  ClientErrorReportSchema,
  VideoEventInputSchema,
  VideoViewingInputSchema,
  withProfile,
} from '@fieldhouse/contract'
import { describe, expect, it } from 'vitest'
import { memoryBackend } from '../../storage/ttl-storage'
import { newId } from '../new-id'
import { createProductTracker } from './product-tracker'
import { type AnalyticsRecord, batchBody, type ErrorReport, errorBody, recordQuery } from './records'
import { createServiceCalls, describeDevice } from './service-calls'

const SESSION = '5f0c7a8e-6d3b-4b7e-9a8e-2f3c4d5e6f70'

/** What the tracker makes of a journey: every kind of record and report, with nulls where they fall. */
async function journeyRecords() {
  const records: AnalyticsRecord[] = []
  const reports: ErrorReport[] = []
  const tracker = createProductTracker({
    calls: {
      session: { hash: async () => SESSION, register: async () => {} },
      sendRecords: async (batch) => void records.push(...batch),
      beaconRecords: () => false,
      sendError: async (report) => void reports.push(report),
      beaconError: () => false,
    },
    backend: memoryBackend(),
    originUrl: () => 'https://tv.example.com/?trk=promo',
    queueOptions: { flushDelayMs: 0 },
  })
  const viewer = { user_id: 12, user_email: 'robin@example.com' }
  const anonymous = { user_id: null, user_email: null }
  tracker.handle({ kind: 'visit', ts: 1700000000000, page: '/', viewer: anonymous, referrer: '' })
  tracker.handle({ kind: 'visit', ts: 1700000001000, page: '/live', viewer, referrer: 'https://news.example.org/' })
  tracker.handle({ kind: 'login', ts: 1700000002000, method: 'email', viewer })
  const list = { item_id: 'packages', item_name: 'Packages', value: null, currency: null }
  const pass = { item_id: '4', item_name: 'Season pass', value: 41.49, currency: 'USD' }
  tracker.handle({ kind: 'commerce', ts: 1700000002100, event: 'view_item_list', item: list, viewer })
  tracker.handle({ kind: 'commerce', ts: 1700000002200, event: 'begin_checkout', item: pass, viewer })
  tracker.handle({ kind: 'commerce', ts: 1700000002300, event: 'purchase_success', item: pass, viewer })
  for (const [status, kind] of [
    [503, 'http'],
    [null, 'timeout'],
  ] as const) {
    tracker.handle({
      kind: 'api_failed',
      ts: 1700000003000,
      viewer,
      page: '/live',
      failure: {
        method: 'GET',
        url: '/api/events',
        kind,
        status,
        message: 'Service unavailable',
        request_length: 0,
        response_length: 12,
      },
    })
  }
  const meta = { category: 'mens-basketball', sport: 'basketball', gender: 'men', school: null, league: null }
  const context = { subject: 'event:7' as const, live: true, viewId: newId(), meta, position: 12.34 }
  for (const event of [
    { type: 'play' },
    { type: 'first_frame', ms: 700 },
    { type: 'pause' },
    { type: 'seek', from: 1, to: 30 },
    { type: 'stall_start' },
    { type: 'stall_end', ms: 300 },
    { type: 'quality_switch', level: 2, label: '1080p', auto: true },
    { type: 'error', code: 'fragLoadError', fatal: true },
    { type: 'heartbeat', watchedSeconds: 10, final: false },
    { type: 'ended' },
  ] as const) {
    tracker.handle({ kind: 'player', ts: 1700000004000, event, context })
  }
  tracker.handle({
    kind: 'player',
    ts: 1700000005000,
    event: { type: 'heartbeat', watchedSeconds: 4, final: true },
    context: { subject: 'vod:3', live: false, viewId: newId() },
  })
  tracker.handle({
    kind: 'error',
    ts: 1700000006000,
    source: 'error',
    message: 'TypeError: x',
    stack: 'at f (a.js:1:2)',
    page: '/',
  })
  await tracker.flush()
  await tracker.flush()
  for (let i = 0; i < 5 && tracker.pending > 0; i++) await tracker.flush()
  return { records, reports }
}

describe("the client's records fit the service's contract", () => {
  it('by their GET calls: every field and extras the service checks', async () => {
    const { records } = await journeyRecords()
    expect(records.map((r) => r.kind)).toEqual(expect.arrayContaining(['event', 'video_event', 'video_viewing']))
    for (const record of records) {
      const { path, query } = recordQuery(record, 'yak_fit', SESSION)
      const fields = Object.fromEntries(query)
      const schemas = {
        '/datalake/event/': withProfile(AnalyticsEventInputSchema),
        '/datalake/video/event/': withProfile(VideoEventInputSchema),
        '/datalake/video/viewing/': withProfile(VideoViewingInputSchema),
      } as const
      const parsed = schemas[path as keyof typeof schemas].safeParse(fields)
      expect(parsed.error, `${path} ${JSON.stringify(fields)}`).toBeUndefined()
      if (record.kind === 'event') {
        const extras = analyticsExtrasSchemas[record.event].safeParse(JSON.parse(fields.extras as string))
        expect(extras.error, `${record.event} extras`).toBeUndefined()
      }
    }
  })

  it('in a batch (and so in a beacon)', async () => {
    const { records } = await journeyRecords()
    const body = JSON.parse(batchBody(records, 'yak_fit', SESSION))
    expect(AnalyticsBatchSchema.safeParse(body).error).toBeUndefined()
    for (const record of body.records) {
      expect(AnalyticsBatchRecordSchema.safeParse(record).error, JSON.stringify(record)).toBeUndefined()
    }
  })

  it('the session call and the error reports', async () => {
    const { reports } = await journeyRecords()
    expect(reports.map((r) => r.kind)).toEqual(['api', 'error'])
    for (const report of reports) {
      const parsed = ClientErrorReportSchema.safeParse(JSON.parse(errorBody(report, 'yak_fit', SESSION)))
      expect(parsed.error, JSON.stringify(report)).toBeUndefined()
    }
    const device = describeDevice({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64)' }, { width: 1280, height: 720 })
    const query: Record<string, string> = {}
    const calls = createServiceCalls({
      base: '',
      profile: 'yak_fit',
      device,
      fetch: (async (url: string) => {
        Object.assign(query, Object.fromEntries(new URL(url, 'https://x').searchParams))
        return new Response('{"data":{"accepted":1}}')
      }) as unknown as typeof fetch,
    })
    await calls.session.register(SESSION)
    expect(withProfile(AnalyticsSessionInputSchema).safeParse(query).error).toBeUndefined()
  })
})
