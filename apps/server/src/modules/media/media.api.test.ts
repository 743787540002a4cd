import fs from 'node:fs'
import path from 'node:path'
import { MediaTypeId } from '@fieldhouse/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext, testDatabases } from '../../test/context.js'
import { buildChannel, signedInKey } from '../../test/factories.js'
import { assetDir } from './media.service.js'
import { signToken } from './playback-token.js'

const SEGMENT = Buffer.alloc(188 * 40, 0x47)
const MASTER = '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=900000,RESOLUTION=640x360\n360p/index.m3u8\n'
const VARIANT =
  '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:2.0,\nseg_00000.ts\n#EXT-X-ENDLIST\n'

/**
 * Who gets video bytes: signed URLs for viewers who may watch, checked on the master playlist, every
 * variant playlist and every segment — and refused, with no bytes, for everyone else.
 */
describe.each(testDatabases())('playback access on %s', (kind) => {
  let ctx: TestContext
  let channelId: number
  let events: { free: number; register: number; paid: number; geo: number }

  /** An encoded asset as the pipeline leaves it, written by hand (the pipeline has its own test). */
  async function readyAsset(owner: { type: 'event' | 'vod'; id: number }) {
    const repo = ctx.app.services.mediaRepo
    const asset = await repo.createAsset(channelId, owner, 'upload', 'ready')
    const dir = assetDir(ctx.config.mediaDir, asset.id)
    fs.mkdirSync(path.join(dir, '360p'), { recursive: true })
    fs.writeFileSync(path.join(dir, 'master.m3u8'), MASTER)
    fs.writeFileSync(path.join(dir, '360p', 'index.m3u8'), VARIANT)
    fs.writeFileSync(path.join(dir, '360p', 'seg_00000.ts'), SEGMENT)
    fs.writeFileSync(path.join(dir, 'poster.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xd9]))
    await repo.setMedia(asset, MediaTypeId.vod, 'master.m3u8')
    await repo.setMedia(asset, MediaTypeId.image, 'poster.jpg')
    return asset
  }
  const detail = async (id: number, key: string, headers: Record<string, string> = {}) =>
    (await ctx.json(`/api/events/${id}?api_key=${key}`, { headers })).body.data
  const files = (hls: string) => {
    const base = hls.replace(/master\.m3u8$/, '')
    return [hls, `${base}360p/index.m3u8`, `${base}360p/seg_00000.ts`]
  }

  beforeAll(async () => {
    ctx = await createTestContext(kind, { env: { GEO_COUNTRY_HEADER: 'cf-ipcountry' } })
    const channel = await ctx.app.services.channels.findByKey('demo')
    channelId = channel?.id as number
    const rows = await ctx.db.kysely
      .selectFrom('events')
      .select(['id', 'access_mode'])
      .where('channel_id', '=', channelId)
      .where('stream_status', '=', 'vod')
      .orderBy('id')
      .execute()
    const byMode = (mode: string, nth = 0) => rows.filter((r) => r.access_mode === mode)[nth]?.id as number
    events = { free: byMode('free'), register: byMode('register'), paid: byMode('paid'), geo: byMode('free', 1) }
    await ctx.db.kysely
      .updateTable('events')
      .set({ geo_rules: JSON.stringify({ block: ['GB'] }) })
      .where('id', '=', events.geo)
      .execute()
    for (const id of Object.values(events)) await readyAsset({ type: 'event', id })
  })
  afterAll(() => ctx.close())

  it('a free replay gives any viewer signed URLs that play: master, variant and segment', async () => {
    const key = await ctx.apiKey()
    const event = await detail(events.free, key)
    expect(event).toMatchObject({ media_status: 'ready', denial: null, has_access: true })
    expect(event.playback.hls).toMatch(/^\/media\/p\/[^/]+\/\d+\/master\.m3u8$/)
    expect(event.poster).toMatch(/^\/media\/o\/\d+\/poster\.jpg$/)
    const [master, variant, segment] = files(event.playback.hls)
    const m = await ctx.request(master as string)
    expect(m.status).toBe(200)
    expect(m.headers.get('content-type')).toBe('application/vnd.apple.mpegurl')
    expect(await m.text()).toBe(MASTER)
    expect(await (await ctx.request(variant as string)).text()).toBe(VARIANT)
    const s = await ctx.request(segment as string)
    expect(s.headers.get('content-type')).toBe('video/mp2t')
    expect(s.headers.get('cache-control')).toContain('immutable')
    expect(Buffer.from(await s.arrayBuffer()).equals(SEGMENT)).toBe(true)
    const ranged = await ctx.request(segment as string, { headers: { range: 'bytes=0-187' } })
    expect(ranged.status).toBe(206)
    expect((await ranged.arrayBuffer()).byteLength).toBe(188)
  })

  it('the renewal endpoint hands out a fresh token for the same files', async () => {
    const key = await ctx.apiKey()
    const res = await ctx.json(`/api/events/${events.free}/playback?api_key=${key}`)
    expect(res.status).toBe(200)
    expect(res.body.data.renew_in_ms).toBeGreaterThan(0)
    expect((await ctx.request(res.body.data.hls)).status).toBe(200)
  })

  it('posters are public; nothing else of an asset is, nor anything outside it', async () => {
    const key = await ctx.apiKey()
    const event = await detail(events.free, key)
    expect((await ctx.request(event.poster)).status).toBe(200)
    const assetId = event.poster.split('/')[3]
    expect((await ctx.request(`/media/o/${assetId}/master.m3u8`)).status).toBe(404)
    expect((await ctx.request(`/media/o/${assetId}/360p/seg_00000.ts`)).status).toBe(404)
    for (const evil of [
      '../../secrets/media.key',
      '..%2f..%2fsecrets%2fmedia.key',
      'poster.jpg%00.m3u8',
      'x%2f..%2f..%2f..%2fsecrets%2fmedia.key',
    ]) {
      const res = await ctx.request(`/media/o/${assetId}/${evil}`)
      expect([400, 403, 404], evil).toContain(res.status)
      expect((await res.arrayBuffer()).byteLength).toBeLessThan(200)
    }
  })

  it('register events: no URLs until signed in; paid events: none without a pass; the watch capability opens all', async () => {
    const anonymous = await ctx.apiKey()
    expect(await detail(events.register, anonymous)).toMatchObject({ playback: null, denial: 'sign_in' })
    const viewer = await signedInKey(ctx)
    expect((await detail(events.register, viewer)).playback).not.toBeNull()
    expect(await detail(events.paid, viewer)).toMatchObject({ playback: null, denial: 'no_access', has_access: false })
    expect((await ctx.json(`/api/events/${events.paid}/playback?api_key=${viewer}`)).status).toBe(403)
    expect((await ctx.json(`/api/events/${events.register}/playback?api_key=${anonymous}`)).status).toBe(401)
    const staff = await signedInKey(ctx, { capabilities: ['watch'] })
    expect(await detail(events.paid, staff)).toMatchObject({ denial: null, has_access: true })
  })

  it('refuses a missing, forged, expired or foreign token on master, variant and segment', async () => {
    const key = await ctx.apiKey()
    const free = await detail(events.free, key)
    const [, token, assetText] = /\/media\/p\/([^/]+)\/(\d+)\//.exec(free.playback.hls) as RegExpExecArray
    const assetId = Number(assetText)
    const secret = fs.readFileSync(path.join(ctx.config.dataDir, 'secrets', 'media.key'))
    const sessionId = Number.parseInt((token as string).split('.')[0] as string, 36)
    const soon = Date.now() + 60_000
    const sign = (claims: Partial<Parameters<typeof signToken>[1]>, key = secret) =>
      signToken(key, { sessionId, assetId, expiresAt: soon, scope: 'play', ...claims })

    // The same session's own token for another asset (the register replay), used on this one.
    const otherAsset = /\/media\/p\/([^/]+)\//.exec(
      (await detail(events.register, await signedInKey(ctx))).playback.hls,
    )
    const [, , signature] = (token as string).split('.')
    // A session on another channel, with a token our secret really signed for this asset.
    await buildChannel(ctx, `elsewhere-${kind}`)
    await ctx.apiKey(`elsewhere-${kind}`)
    const foreign = await ctx.db.kysely
      .selectFrom('api_keys')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    const refused: Record<string, string> = {
      missing: '',
      malformed: 'nope',
      expired: sign({ expiresAt: Date.now() - 1000 }),
      forged: sign({}, Buffer.alloc(32, 1)),
      'another asset': sign({ assetId: assetId + 1000 }),
      "another asset's token": otherAsset?.[1] as string,
      'session swapped in': `${(sessionId + 1).toString(36)}.${soon.toString(36)}.${signature}`,
      'a session that never was': sign({ sessionId: 999_999 }),
      'a session of another channel': sign({ sessionId: foreign.id }),
      'a download token': sign({ scope: 'download' }),
    }
    for (const [what, bad] of Object.entries(refused)) {
      for (const file of files(`/media/p/${bad}/${assetId}/master.m3u8`)) {
        const res = await ctx.request(file)
        expect([403, 404], `${what}: ${file}`).toContain(res.status)
        expect(res.headers.get('content-type')).not.toMatch(/mpegurl|mp2t/)
      }
    }
    // And the real token still opens all three.
    for (const file of files(free.playback.hls)) expect((await ctx.request(file)).status).toBe(200)
  })

  it('revoking the session (sign-out) revokes the URLs handed to it', async () => {
    const key = await signedInKey(ctx)
    const { playback } = await detail(events.free, key)
    const before = await ctx.request(playback.hls)
    expect(before.status, await before.text()).toBe(200)
    // What sign-out, a password change and account deletion do to a session.
    const sessionId = Number.parseInt(playback.hls.split('/')[3].split('.')[0], 36)
    await ctx.db.kysely.updateTable('api_keys').set({ revoked_at: Date.now() }).where('id', '=', sessionId).execute()
    // Sessions are remembered for two seconds per process (decision 3).
    await new Promise((r) => setTimeout(r, 2100))
    for (const file of files(playback.hls)) expect((await ctx.request(file)).status).toBe(403)
  })

  it('a blocked country gets no URLs, and a URL carried there gets no segments', async () => {
    const key = await ctx.apiKey()
    const inGb = { 'cf-ipcountry': 'GB' }
    expect(await detail(events.geo, key, inGb)).toMatchObject({ playback: null, denial: 'geo_blocked' })
    const { playback } = await detail(events.geo, key, { 'cf-ipcountry': 'FR' })
    expect((await ctx.request(playback.hls, { headers: { 'cf-ipcountry': 'FR' } })).status).toBe(200)
    for (const file of files(playback.hls)) {
      const res = await ctx.json(file, { headers: inGb })
      expect(res.status).toBe(403)
      expect(res.body.message).toBe("We're sorry, but this content is not available in your region")
    }
  })

  it('path traversal and odd paths get no bytes', async () => {
    const key = await ctx.apiKey()
    const { playback } = await detail(events.free, key)
    const base = playback.hls.replace(/master\.m3u8$/, '')
    for (const evil of [
      '../../secrets/media.key',
      '..%2f..%2fsecrets%2fmedia.key',
      '%2e%2e/%2e%2e/secrets/media.key',
      '360p/..%2f..%2f..%2fsecrets/media.key',
      '.%2e/.%2e/fieldhouse.sqlite',
      '360p%5c..%5c..%5cmaster.m3u8',
      '360p/seg_00000.ts%00.m3u8',
    ]) {
      const res = await ctx.request(base + evil)
      expect([400, 403, 404]).toContain(res.status)
      const body = Buffer.from(await res.arrayBuffer())
      expect(body.includes(SEGMENT.subarray(0, 16))).toBe(false)
      expect(body.length).toBeLessThan(200)
    }
  })

  it('download-event needs a signed-in viewer with the download capability', async () => {
    expect((await ctx.json(`/api/download-event/${events.free}?api_key=${await ctx.apiKey()}`)).status).toBe(401)
    const viewer = await signedInKey(ctx)
    const refused = await ctx.json(`/api/download-event/${events.free}?api_key=${viewer}`)
    expect(refused).toMatchObject({ status: 403, body: { message: 'Downloading events is not part of your pass.' } })
    const downloader = await signedInKey(ctx, { capabilities: ['download'] })
    expect((await ctx.json(`/api/download-event/${events.paid}?api_key=${downloader}`)).status).toBe(403)
    const started = await ctx.json(`/api/download-event/${events.free}?api_key=${downloader}`)
    expect(started).toMatchObject({ status: 202, body: { data: { status: 'processing', url: null } } })
    // A second ask joins the same job.
    await ctx.json(`/api/download-event/${events.free}?api_key=${downloader}`)
    expect(await ctx.app.services.queue.counts()).toMatchObject({ queued: 1 })
  })
})
