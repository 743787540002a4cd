import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { runFfmpeg, spawnFfmpeg, testFeedArgs } from '@fieldhouse/media'
import { Parser } from 'm3u8-parser'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { runCli } from '../../cli.js'
import { assetKey } from '../../lib/media-store/index.js'
import { type Roles, startRoles } from '../../roles.js'
import { createTestContext, type TestContext } from '../../test/context.js'
import { signedInKey } from '../../test/factories.js'
import { type LoopbackS3, startLoopbackS3 } from '../../test/s3-server.js'

const parse = (text: string) => {
  const parser = new Parser()
  parser.push(text)
  parser.end()
  return parser.manifest as { segments: { uri: string }[]; endList?: boolean; playlists?: { uri: string }[] }
}

async function until<T>(fn: () => Promise<T | undefined | null | false>, what: string, ms = 40_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = await fn()
    if (v) return v
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

/**
 * The media store on an S3-compatible server (s3rver on loopback, started here): an imported video is
 * encoded and published as objects, a live recording is published segment by segment and becomes the
 * replay, delivery answers ranges and 304s from the objects, and a failed encode leaves no object.
 * Nothing of an asset stays in the local media folder. SQLite only (the store is not the database's).
 */
describe('media on an S3-compatible store', () => {
  let s3: LoopbackS3
  let ctx: TestContext
  let roles: Roles
  let fixture: string
  let vodEvent: number
  let liveEvent: { id: number; stream_key: string }
  const lines: string[] = []

  beforeAll(async () => {
    s3 = await startLoopbackS3()
    const { AWS_ACCESS_KEY_ID: _id, AWS_SECRET_ACCESS_KEY: _secret, ...storeEnv } = s3.env
    ctx = await createTestContext('sqlite', {
      env: {
        ...storeEnv,
        SERVICES: 'api,worker,ingest',
        RTMP_PORT: '0',
        RTMP_HOST: '127.0.0.1',
        SEED_DEMO: 'false',
        DEMO_LIVE: '0',
        LIVE_LOWER_RENDITION: 'false',
        ENCODE_PRESET: 'ultrafast',
      },
    })
    roles = await startRoles(ctx.container, { except: ['api'] })
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-fixture-'))
    fixture = path.join(dir, 'game.mp4')
    await runFfmpeg(
      testFeedArgs({
        output: fixture,
        durationSec: 4,
        width: 640,
        height: 360,
        fps: 25,
        realtime: false,
        format: 'mp4',
      }),
    )
    const free = ctx.db.kysely.selectFrom('events').where('access_mode', '=', 'free').orderBy('id')
    vodEvent = (await free.select('id').where('stream_status', '=', 'vod').executeTakeFirstOrThrow()).id
    const upcoming = await free
      .select(['id', 'stream_key'])
      .where('stream_status', '=', 'upcoming')
      .executeTakeFirstOrThrow()
    liveEvent = { id: upcoming.id, stream_key: upcoming.stream_key as string }
  })
  afterAll(async () => {
    await roles?.stop()
    await ctx?.close()
    await s3?.close()
  })

  const store = () => ctx.app.services.store
  const localAssets = () => {
    const dir = path.join(ctx.config.mediaDir, 'assets')
    return fs.existsSync(dir) ? fs.readdirSync(dir) : []
  }

  it('imports a video: every file is an object, none stays on disk, and it plays through the server', async () => {
    expect(store().kind).toBe('s3')
    vi.stubEnv('DATA_DIR', ctx.config.dataDir)
    vi.stubEnv('DATABASE_URL', '')
    for (const [k, v] of Object.entries(s3.env)) vi.stubEnv(k, v)
    try {
      const code = await runCli(['media', 'import', fixture, '--event', String(vodEvent)], (l) => lines.push(l))
      expect(code, lines.join('\n')).toBe(0)
    } finally {
      vi.unstubAllEnvs()
    }
    const key = await ctx.apiKey()
    const event = (await ctx.json(`/api/events/${vodEvent}?api_key=${key}`)).body.data
    expect(event).toMatchObject({ media_status: 'ready', denial: null, duration: 4 })
    const assetId = Number(/\/(\d+)\/master\.m3u8/.exec(event.playback.hls)?.[1])
    const objects = await store().list(assetKey(assetId))
    expect(objects).toEqual(
      expect.arrayContaining([
        assetKey(assetId, 'master.m3u8'),
        assetKey(assetId, '360p/index.m3u8'),
        assetKey(assetId, '360p/seg_00000.ts'),
        assetKey(assetId, 'poster.jpg'),
        assetKey(assetId, 'thumbnails/thumbnails.vtt'),
        assetKey(assetId, 'thumbnails/sprite.jpg'),
        assetKey(assetId, 'preview.mp4'),
      ]),
    )
    expect(localAssets()).toEqual([])
    expect(fs.readdirSync(path.join(ctx.config.mediaDir, 'tmp', 'stage'))).toEqual([])

    // The player's path: master → variant → segment, with ranges and conditional requests.
    const master = parse(await (await ctx.request(event.playback.hls)).text())
    const variantUrl = event.playback.hls.replace(/master\.m3u8$/, master.playlists?.[0]?.uri as string)
    const variant = parse(await (await ctx.request(variantUrl)).text())
    expect(variant.endList).toBe(true)
    const segmentUrl = variantUrl.replace(/index\.m3u8$/, variant.segments[0]?.uri as string)
    const whole = await ctx.request(segmentUrl)
    expect(whole.status).toBe(200)
    expect(whole.headers.get('content-type')).toBe('video/mp2t')
    const bytes = Buffer.from(await whole.arrayBuffer())
    expect(bytes[0]).toBe(0x47) // an MPEG-TS sync byte
    expect(bytes.length).toBe((await store().stat(assetKey(assetId, '360p/seg_00000.ts')))?.size)
    const range = await ctx.request(segmentUrl, { headers: { range: 'bytes=188-375' } })
    expect(range.status).toBe(206)
    expect(range.headers.get('content-range')).toBe(`bytes 188-375/${bytes.length}`)
    expect(Buffer.from(await range.arrayBuffer()).equals(bytes.subarray(188, 376))).toBe(true)
    const again = await ctx.request(segmentUrl, { headers: { 'if-none-match': whole.headers.get('etag') as string } })
    expect(again.status).toBe(304)
    const poster = await ctx.request(event.poster)
    expect(poster.headers.get('content-type')).toBe('image/jpeg')

    // The download is made from the objects and kept as one.
    const downloader = await signedInKey(ctx, { capabilities: ['download'] })
    const ready = await until(async () => {
      const res = await ctx.json(`/api/download-event/${vodEvent}?api_key=${downloader}`)
      return res.status === 200 ? (res.body.data as { url: string }) : null
    }, 'the download')
    const mp4 = Buffer.from(await (await ctx.request(ready.url)).arrayBuffer())
    expect(mp4.indexOf('moov')).toBeLessThan(mp4.indexOf('mdat'))
    expect((await store().stat(assetKey(assetId, 'download.mp4')))?.size).toBe(mp4.length)
    expect(localAssets()).toEqual([])
  })

  it('records a live stream segment by segment into the store, and it becomes the replay', async () => {
    const key = await ctx.apiKey()
    const detail = async () => {
      const res = await ctx.json(`/api/events/${liveEvent.id}?api_key=${key}`)
      if (res.status !== 200) throw new Error(`the event answered ${res.status}: ${JSON.stringify(res.body)}`)
      return res.body.data
    }
    const feed = spawnFfmpeg(
      testFeedArgs({
        output: `rtmp://127.0.0.1:${roles.rtmpPort}/live/${liveEvent.stream_key}`,
        durationSec: 6,
        width: 320,
        height: 180,
        fps: 25,
        realtime: true,
        keyframeSeconds: 1,
        format: 'flv',
      }),
      { useSlot: false },
    )
    const live = await until(async () => {
      const d = await detail()
      return d.stream_status === 'live' && d.playback ? d : null
    }, 'the event to go live')
    const variantUrl = live.playback.hls.replace(/master\.m3u8$/, 'source/index.m3u8')
    // While live, the playlist the viewers get names segments that are already objects.
    const growing = await until(async () => {
      const res = await ctx.request(variantUrl)
      const m = res.status === 200 ? parse(await res.text()) : null
      return m && m.segments.length >= 2 ? m : null
    }, 'live segments')
    expect(growing.endList).toBeFalsy()
    const firstSegment = await ctx.request(variantUrl.replace(/index\.m3u8$/, growing.segments[0]?.uri as string))
    expect(firstSegment.status).toBe(200)
    expect(firstSegment.headers.get('cache-control')).toMatch(/immutable/)

    await feed.done.catch(() => {})
    const replay = await until(async () => {
      const d = await detail()
      return d.stream_status === 'vod' && d.poster && d.playback?.thumbnails ? d : null
    }, 'the replay with its poster and thumbnails')
    await roles.worker?.idle()
    const assetId = Number(/\/(\d+)\/master\.m3u8/.exec(replay.playback.hls)?.[1])
    const ended = parse(await (await ctx.request(variantUrl)).text())
    expect(ended.endList).toBe(true)
    expect(ended.segments.length).toBeGreaterThanOrEqual(growing.segments.length)
    const objects = await store().list(assetKey(assetId))
    for (const s of ended.segments) expect(objects).toContain(assetKey(assetId, `source/${s.uri}`))
    expect(objects).toContain(assetKey(assetId, 'poster.jpg'))
    expect(localAssets()).toEqual([])
    expect(fs.readdirSync(path.join(ctx.config.mediaDir, 'tmp', 'stage'))).toEqual([])
  })

  it('an encode that fails leaves no object behind', async () => {
    const repo = ctx.app.services.mediaRepo
    const channelId = (await ctx.db.kysely.selectFrom('events').select('channel_id').executeTakeFirstOrThrow())
      .channel_id
    const asset = await repo.createAsset(channelId, { type: 'event', id: vodEvent }, 'upload', 'processing')
    // What an earlier, killed attempt had published.
    await store().put(assetKey(asset.id, '360p/seg_00000.ts'), { bytes: 'half' })
    await store().put(assetKey(asset.id, 'master.m3u8'), { bytes: '#EXTM3U\n' })
    const missing = path.join(ctx.config.mediaDir, 'imports', 'gone.mp4')
    await ctx.app.services.queue.enqueue('media.transcode', { assetId: asset.id, source: missing, deleteSource: true })
    await roles.worker?.idle()
    expect(await repo.findAsset(asset.id)).toMatchObject({ status: 'failed' })
    expect(await store().list(assetKey(asset.id))).toEqual([])
  })
})
