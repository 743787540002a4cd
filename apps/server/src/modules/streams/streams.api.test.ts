import fs from 'node:fs'
import path from 'node:path'
import { MediaTypeId, messages, STREAM_HEARTBEAT_MS } from '@fieldhouse/contract'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext, testDatabases } from '../../test/context.js'
import { buildUser } from '../../test/factories.js'
import { buildOperator } from '../../test/operators.js'
import { assetDir } from '../media/media.service.js'

const CHROME_WIN =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36'
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0'

/** Each database, and each again with the leases in Redis when TEST_REDIS_URL is set. */
const stores = testDatabases().flatMap((db) => [
  [db, 'database'] as const,
  ...(process.env.TEST_REDIS_URL ? [[db, 'redis'] as const] : []),
])

/**
 * Simultaneous streams per account (decision 0031) through the HTTP layer: the detail opens a stream,
 * the playback renewal is its heartbeat, `GET /api/streams` lists the account's and `DELETE` stops one.
 */
describe.each(stores)('streams per account on %s, leases in the %s', (kind, where) => {
  let ctx: TestContext
  let redis: Redis | undefined
  let eventId: number
  let ownerKey: string
  let offset = 0

  const settings = (streams: { limit: number; over_limit: string }) =>
    ctx.json('/api/admin/settings', {
      method: 'PATCH',
      headers: { authorization: `Bearer ${ownerKey}` },
      body: { streams },
    })
  /** A viewer with `n` signed-in devices (one session each). */
  const account = async (n: number) => {
    const user = await buildUser(ctx)
    // Signing out needs the basic pass chosen (spec §4).
    await ctx.app.services.forms.chooseBasicPass(user.channel_id, user.id)
    const keys: string[] = []
    for (let i = 0; i < n; i++) keys.push(await ctx.app.services.keys.issue(user.channel_id, user.id))
    return keys
  }
  const open = async (key: string, ua = CHROME_WIN) =>
    (await ctx.json(`/api/events/${eventId}?api_key=${key}`, { headers: { 'user-agent': ua } })).body.data
  const renew = (key: string, ua = CHROME_WIN) =>
    ctx.json(`/api/events/${eventId}/playback?api_key=${key}`, { headers: { 'user-agent': ua } })
  const list = async (key: string) => (await ctx.json(`/api/streams?api_key=${key}`)).body.data
  const stop = (key: string, id: number) => ctx.json(`/api/streams/${id}?api_key=${key}`, { method: 'DELETE' })

  beforeAll(async () => {
    if (where === 'redis') {
      // A prefix of its own: the Redis is shared with other test files and runs.
      const keyPrefix = `test-streams-${process.pid}-${kind}-${Math.random().toString(36).slice(2)}:`
      redis = new Redis(process.env.TEST_REDIS_URL as string, { keyPrefix })
    }
    ctx = await createTestContext(kind, { redis, clock: () => Date.now() + offset })
    const channel = await ctx.app.services.channels.findByKey('demo')
    const row = await ctx.db.kysely
      .selectFrom('events')
      .select('id')
      .where('channel_id', '=', channel?.id as number)
      .where('stream_status', '=', 'vod')
      .where('access_mode', '=', 'free')
      .orderBy('id')
      .executeTakeFirstOrThrow()
    eventId = row.id
    const repo = ctx.app.services.mediaRepo
    const asset = await repo.createAsset(channel?.id as number, { type: 'event', id: eventId }, 'upload', 'ready')
    fs.mkdirSync(assetDir(ctx.config.mediaDir, asset.id), { recursive: true })
    fs.writeFileSync(path.join(assetDir(ctx.config.mediaDir, asset.id), 'master.m3u8'), '#EXTM3U\n')
    await repo.setMedia(asset, MediaTypeId.vod, 'master.m3u8')
    ownerKey = (await buildOperator(ctx, 'demo', 'owner')).key
  })
  afterAll(async () => {
    await ctx.close()
    redis?.disconnect()
  })

  it('operators set the limit and the mode; the default is 3, refuse', async () => {
    const before = await ctx.json('/api/admin/settings', { headers: { authorization: `Bearer ${ownerKey}` } })
    expect(before.body.data.streams).toEqual({ limit: 3, over_limit: 'refuse' })
    expect((await settings({ limit: -1, over_limit: 'refuse' })).status).toBe(422)
    expect((await settings({ limit: 2, over_limit: 'later' })).status).toBe(422)
    const saved = await settings({ limit: 2, over_limit: 'stop_oldest' })
    expect(saved.status).toBe(200)
    expect(saved.body.data.streams).toEqual({ limit: 2, over_limit: 'stop_oldest' })
  })

  it('refuse: a third device is told why, lists the others, stops one and plays; the stopped one is refused', async () => {
    await settings({ limit: 2, over_limit: 'refuse' })
    const [a, b, c] = (await account(3)) as [string, string, string]
    expect((await open(a, CHROME_WIN)).playback).not.toBeNull()
    const second = await open(b, SAFARI_IPHONE)
    expect(second.playback.renew_in_ms).toBe(STREAM_HEARTBEAT_MS)
    const third = await open(c, FIREFOX_LINUX)
    expect(third).toMatchObject({ playback: null, denial: 'too_many_streams', has_access: true })

    const others = await list(c)
    expect(others).toMatchObject([
      { device: 'Chrome on Windows', current: false },
      { device: 'Safari on iPhone', current: false },
    ])
    expect(Date.parse(others[0].started_at)).toBeLessThanOrEqual(Date.parse(others[1].started_at))
    // Another account cannot stop them; nobody signed out can list.
    const [stranger] = (await account(1)) as [string]
    expect((await stop(stranger, others[0].id)).status).toBe(404)
    expect((await ctx.json(`/api/streams?api_key=${await ctx.apiKey()}`)).status).toBe(401)

    expect((await stop(c, others[0].id)).body.data).toEqual({ status: 'stopped' })
    expect((await open(c, FIREFOX_LINUX)).playback).not.toBeNull()
    const refused = await renew(a)
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({ message: messages.streamStopped, errors: { stream: ['stopped'] } })
    // Refused again on every later heartbeat; opening the video again on that device counts as a new stream.
    expect((await renew(a)).status).toBe(409)
    expect((await open(a)).denial).toBe('too_many_streams')
    expect((await renew(b, SAFARI_IPHONE)).status).toBe(200)
    expect((await list(b)).map((s: { device: string; current: boolean }) => [s.device, s.current])).toEqual([
      ['Safari on iPhone', true],
      ['Firefox on Linux', false],
    ])
  })

  it('stop the oldest: a new device plays and the oldest is told it was replaced', async () => {
    await settings({ limit: 2, over_limit: 'stop_oldest' })
    const [a, b, c] = (await account(3)) as [string, string, string]
    await open(a, CHROME_WIN)
    await open(b, SAFARI_IPHONE)
    expect((await open(c, FIREFOX_LINUX)).playback).not.toBeNull()
    const replaced = await renew(a)
    expect(replaced.status).toBe(409)
    expect(replaced.body).toMatchObject({ message: messages.streamReplaced, errors: { stream: ['replaced'] } })
    expect((await renew(b, SAFARI_IPHONE)).status).toBe(200)
    expect((await list(c)).map((s: { device: string }) => s.device)).toEqual(['Safari on iPhone', 'Firefox on Linux'])
  })

  it('a lease lapses 75 s after its last heartbeat; a lapsed stream comes back only if there is room', async () => {
    await settings({ limit: 1, over_limit: 'refuse' })
    const [a, b] = (await account(2)) as [string, string]
    expect((await open(a)).playback).not.toBeNull()
    offset += 60_000
    expect((await open(b)).denial).toBe('too_many_streams')
    expect((await renew(a)).status).toBe(200)
    offset += 76_000
    expect((await open(b)).playback).not.toBeNull()
    const late = await renew(a)
    expect(late.status).toBe(409)
    expect(late.body).toMatchObject({ message: messages.tooManyStreams, errors: { stream: ['too_many'] } })
  })

  it('signing out ends the stream at once; no limit holds no lease', async () => {
    await settings({ limit: 1, over_limit: 'refuse' })
    const [a, b] = (await account(2)) as [string, string]
    expect((await open(a)).playback).not.toBeNull()
    expect((await open(b)).denial).toBe('too_many_streams')
    expect((await ctx.json('/api/auth/logout', { method: 'POST', body: { api_key: a } })).status).toBe(200)
    expect((await open(b)).playback).not.toBeNull()

    await settings({ limit: 0, over_limit: 'refuse' })
    const many = await account(4)
    for (const key of many) expect((await open(key)).playback).not.toBeNull()
    expect(await list(many[0] as string)).toEqual([])
  })

  it('a refunded pass ends the stream at once: its next renewal is refused and its place is free', async () => {
    await settings({ limit: 1, over_limit: 'refuse' })
    const anon = await ctx.apiKey()
    const events = (await ctx.json(`/api/events?stream_status[]=vod&no_limit=1&api_key=${anon}`)).body.data
    const paid = events.find((e: { type: string }) => e.type === 'paid') as { id: number }
    const passes = (await ctx.json(`/api/packages?api_key=${anon}`)).body.data
    const pass = passes.find((p: { kind: string; event_id?: number }) => p.kind === 'event' && p.event_id === paid.id)
    const channel = await ctx.app.services.channels.findByKey('demo')
    const repo = ctx.app.services.mediaRepo
    const asset = await repo.createAsset(channel?.id as number, { type: 'event', id: paid.id }, 'upload', 'ready')
    await repo.setMedia(asset, MediaTypeId.vod, 'master.m3u8')
    const [a, b] = (await account(2)) as [string, string]
    const bought = await ctx.json('/api/stripe/buy', {
      method: 'POST',
      body: {
        api_key: a,
        id: pass.id,
        card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' },
      },
    })
    expect(bought.status).toBe(200)
    const paidOpen = async (key: string) =>
      (await ctx.json(`/api/events/${paid.id}?api_key=${key}`, { headers: { 'user-agent': CHROME_WIN } })).body.data
    let detail = await paidOpen(a)
    for (let i = 0; detail.playback === null && i < 50; i++) {
      await new Promise((r) => setTimeout(r, 100))
      detail = await paidOpen(a)
    }
    expect(detail.playback).not.toBeNull()
    expect((await open(b)).denial).toBe('too_many_streams')

    const order = await ctx.db.kysely
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', bought.body.data.id)
      .executeTakeFirstOrThrow()
    const applied = await ctx.app.services.payments.events.handleEvent({
      id: `evt_refund_${kind}_${where}`,
      type: 'charge.refunded',
      created: Date.now(),
      orderId: order.id,
      paymentId: order.provider_payment_id ?? undefined,
      amount: order.amount,
      fullyRefunded: true,
    })
    expect(applied).toBe('applied')
    const renewal = await ctx.json(`/api/events/${paid.id}/playback?api_key=${a}`, {
      headers: { 'user-agent': CHROME_WIN },
    })
    expect(renewal.status).toBe(403)
    expect((await open(b)).playback).not.toBeNull()
  })

  it('devices starting at the same moment: exactly the limit of them play', async () => {
    await settings({ limit: 2, over_limit: 'refuse' })
    const keys = await account(8)
    const answers = await Promise.all(keys.map((k) => open(k)))
    expect(answers.filter((a) => a.playback !== null)).toHaveLength(2)
    expect(answers.filter((a) => a.denial === 'too_many_streams')).toHaveLength(6)
    expect(await list(keys[0] as string)).toHaveLength(2)
  })
})
