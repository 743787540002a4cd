import fs from 'node:fs'
import path from 'node:path'
import { MediaTypeId } from '@fieldhouse/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type PasswordHasher, scryptHasher } from '../lib/passwords.js'
import { assetDir } from '../modules/media/media.service.js'
import { createTestContext, type TestContext, testDatabases } from '../test/context.js'
import { buildUser, signedInKey } from '../test/factories.js'

const SEGMENT = Buffer.alloc(188 * 40, 0x47)
const MASTER = '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=900000,RESOLUTION=640x360\n360p/index.m3u8\n'

/** A distinct client address per simulated phone: X-Forwarded-For, honoured with TRUST_PROXY_HOPS=1. */
const from = (n: number) => ({ 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` })
const statuses = (answers: { status: number }[]) =>
  answers.reduce<Record<number, number>>((acc, a) => {
    acc[a.status] = (acc[a.status] ?? 0) + 1
    return acc
  }, {})

/**
 * Limits that protect and cannot be turned against a viewer (issue 12, decision 11): each check
 * models the attack or the crowd it is for, with the defaults a deployment runs.
 */
describe.each(testDatabases())('limits on %s', (kind) => {
  let ctx: TestContext
  let hashes = 0
  const counting: PasswordHasher = (() => {
    const real = scryptHasher(12)
    return {
      hash: (password: string) => real.hash(password),
      verify: (password: string, hash: string | null) => {
        hashes++
        return real.verify(password, hash)
      },
    }
  })()

  beforeAll(async () => {
    ctx = await createTestContext(kind, { env: { TRUST_PROXY_HOPS: '1' }, hasher: counting })
  })
  afterAll(() => ctx?.close())

  const post = (p: string, body: object, headers: Record<string, string> = {}) =>
    ctx.json(p, { method: 'POST', body, headers })

  it('50 concurrent guesses of one account’s password: at most 10 hashes, the rest 429', async () => {
    const user = await buildUser(ctx, { password: 'the-right-password' })
    // Every guess from its own address and its own key: only the account's own throttle is left.
    const keys = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const res = await post('/api/get_api_key', { channel_key: 'demo' }, from(1000 + i))
        return res.body.data.api_key as string
      }),
    )
    hashes = 0
    const answers = await Promise.all(
      keys.map((key, i) =>
        post('/api/v2/auth/login', { api_key: key, email: user.email, password: `guess-${i}` }, from(1000 + i)),
      ),
    )
    expect(hashes).toBeLessThanOrEqual(10)
    expect(hashes).toBeGreaterThan(0)
    const counts = statuses(answers)
    expect(counts[401]).toBe(hashes)
    expect(counts[429]).toBe(50 - hashes)
  })

  it('forged media requests naming a viewer’s session do not get that viewer 429’d', async () => {
    const channel = await ctx.app.services.channels.findByKey('demo')
    const event = await ctx.db.kysely
      .selectFrom('events')
      .select('id')
      .where('channel_id', '=', channel?.id as number)
      .where('access_mode', '=', 'free')
      .where('stream_status', '=', 'vod')
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const repo = ctx.app.services.mediaRepo
    const asset = await repo.createAsset(channel?.id as number, { type: 'event', id: event.id }, 'upload', 'ready')
    const dir = assetDir(ctx.config.mediaDir, asset.id)
    fs.mkdirSync(path.join(dir, '360p'), { recursive: true })
    fs.writeFileSync(path.join(dir, 'master.m3u8'), MASTER)
    fs.writeFileSync(path.join(dir, '360p', 'seg_00000.ts'), SEGMENT)
    await repo.setMedia(asset, MediaTypeId.vod, 'master.m3u8')

    const viewer = await signedInKey(ctx)
    const hls = (await ctx.json(`/api/events/${event.id}?api_key=${viewer}`)).body.data.playback.hls as string
    const [, token] = /\/media\/p\/([^/]+)\//.exec(hls) as RegExpExecArray
    const [session, expires] = (token as string).split('.')
    const forged = `/media/p/${session}.${expires}.${'A'.repeat(43)}/${asset.id}/360p/seg_00000.ts`
    // The attacker, from one address, spends far more than a viewer's minute of media (3,000).
    const attacker = from(7)
    const answers: { status: number }[] = []
    for (let batch = 0; batch < 32; batch++) {
      answers.push(
        ...(await Promise.all(Array.from({ length: 100 }, () => ctx.request(forged, { headers: attacker })))),
      )
    }
    const counts = statuses(answers)
    expect(counts[403]).toBe(3000)
    expect(counts[429]).toBe(200)
    // The viewer, whose session the forged URLs name, still plays.
    for (let i = 0; i < 5; i++) {
      expect((await ctx.request(hls, { headers: from(8) })).status).toBe(200)
      expect((await ctx.request(hls.replace('master.m3u8', '360p/seg_00000.ts'), { headers: from(8) })).status).toBe(
        200,
      )
    }
  })

  it('a crowd behind one address loads the public files freely, and that spends none of its budget', async () => {
    const address = from(12)
    const logo = path.join(ctx.config.mediaDir, 'public', 'crowd-logo.png')
    fs.writeFileSync(logo, Buffer.alloc(64, 1))
    const answers: { status: number }[] = []
    for (let batch = 0; batch < 8; batch++) {
      answers.push(
        ...(await Promise.all(
          Array.from({ length: 100 }, () => ctx.request('/media/public/crowd-logo.png', { headers: address })),
        )),
      )
    }
    expect(statuses(answers)).toEqual({ 200: 800 })
    // The address's calls are still all its own: the runtime configuration answers.
    expect((await ctx.request('/runtime-config.json', { headers: address })).status).toBe(200)
  })

  it('700 made-up api keys from one address end in 429s; a real viewer there keeps going', async () => {
    const address = from(9)
    const real = await signedInKey(ctx)
    const answers: { status: number }[] = []
    for (let batch = 0; batch < 7; batch++) {
      answers.push(
        ...(await Promise.all(
          Array.from({ length: 100 }, (_, i) =>
            ctx.request(`/api/profile?api_key=made-up-${batch}-${i}`, { headers: address }),
          ),
        )),
      )
    }
    const counts = statuses(answers)
    expect(counts[401]).toBe(600)
    expect(counts[429]).toBe(100)
    expect((await ctx.request(`/api/profile?api_key=${real}`, { headers: address })).status).toBe(200)
  })

  it('checkouts count per viewer, not per venue: 80 buyers behind one address are not turned away', async () => {
    const venue = from(11)
    const buyers = await Promise.all(Array.from({ length: 80 }, () => signedInKey(ctx)))
    // A pass that does not exist: the cheapest checkout that still goes through the limiter.
    const answers = await Promise.all(
      buyers.map((key) => post('/api/stripe/buy', { api_key: key, id: 999_999 }, venue)),
    )
    expect(statuses(answers)).toEqual({ 404: 80 })
    // One buyer who hammers checkout is held to the route's 60 a minute.
    const one = buyers[0] as string
    const own = await Promise.all(
      Array.from({ length: 70 }, () => post('/api/stripe/buy', { api_key: one, id: 999_999 }, venue)),
    )
    expect(statuses(own)[429]).toBe(11)
  })

  it('anonymous keys: 500 phones behind one address in a minute get theirs; a script is stopped', async () => {
    const gym = from(12)
    const crowd = await Promise.all(
      Array.from({ length: 500 }, () => post('/api/get_api_key', { channel_key: 'demo' }, gym)),
    )
    expect(statuses(crowd)).toEqual({ 200: 500 })
    const script = await Promise.all(
      Array.from({ length: 300 }, () => post('/api/get_api_key', { channel_key: 'demo' }, gym)),
    )
    expect(statuses(script)).toEqual({ 200: 250, 429: 50 })
  })

  it('an address’s anonymous keys are capped by the hour, and its sign-in calls by a crowd’s ceiling', async () => {
    const capped = await createTestContext('sqlite', {
      env: { TRUST_PROXY_HOPS: '1', API_KEY_HOURLY_MAX: '5', AUTH_ADDRESS_RATE_LIMIT_MAX: '8' },
    })
    try {
      const script = []
      for (let i = 0; i < 7; i++) {
        script.push(
          await capped.json('/api/get_api_key', { method: 'POST', body: { channel_key: 'demo' }, headers: from(1) }),
        )
      }
      expect(statuses(script)).toEqual({ 200: 5, 429: 2 })
      expect(script[6]?.headers.get('retry-after')).toMatch(/^\d+$/)
      // Sign-in calls with many keys from one address: the address's ceiling, whatever the keys.
      const keys = []
      for (let i = 0; i < 10; i++) {
        keys.push(
          (
            await capped.json('/api/get_api_key', {
              method: 'POST',
              body: { channel_key: 'demo' },
              headers: from(100 + i),
            })
          ).body.data.api_key,
        )
      }
      const logins = await Promise.all(
        keys.map((key) =>
          capped.json('/api/auth/password-reset-request', {
            method: 'POST',
            body: { api_key: key, email: 'x@example.com' },
            headers: from(2),
          }),
        ),
      )
      expect(statuses(logins)).toEqual({ 200: 8, 429: 2 })
    } finally {
      await capped.close()
    }
  })

  it('without a trusted proxy hop, X-Forwarded-For is not an address', async () => {
    // The HTTP layer alone is under test: one database is enough.
    const plain = await createTestContext('sqlite', { env: { API_KEY_RATE_LIMIT_MAX: '3' } })
    try {
      const answers = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          plain.json('/api/get_api_key', { method: 'POST', body: { channel_key: 'demo' }, headers: from(i) }),
        ),
      )
      expect(statuses(answers)).toEqual({ 200: 3, 429: 2 })
    } finally {
      await plain.close()
    }
  })
})
