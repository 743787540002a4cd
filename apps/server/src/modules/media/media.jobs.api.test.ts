import fs from 'node:fs'
import path from 'node:path'
import { MediaTypeId } from '@fieldhouse/contract'
import { runFfmpeg, testFeedArgs } from '@fieldhouse/media'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Roles, startRoles } from '../../roles.js'
import { createTestContext, type TestContext } from '../../test/context.js'
import { buildOperator } from '../../test/operators.js'
import { assetDir } from './media.service.js'

/**
 * What a media job that fails for good, or whose video is deleted under it, leaves behind: an encode
 * is a `failed` asset with its reason and no files; a live recording whose extras could not be made is
 * still the replay; a video deleted mid-encode or mid-download leaves nothing. SQLite only (the queue
 * on PostgreSQL is covered in jobs/queue.api.test.ts).
 */
describe('media jobs that fail or lose their video', () => {
  let ctx: TestContext
  let roles: Roles
  let channelId: number
  let events: number[]

  beforeAll(async () => {
    ctx = await createTestContext('sqlite', {
      env: { SERVICES: 'api,worker', SEED_DEMO: 'false', DEMO_LIVE: '0', ENCODE_PRESET: 'ultrafast' },
    })
    roles = await startRoles(ctx.container, { except: ['api'] })
    const rows = await ctx.db.kysely
      .selectFrom('events')
      .select(['id', 'channel_id'])
      .where('access_mode', '=', 'free')
      .orderBy('id')
      .limit(4)
      .execute()
    channelId = rows[0]?.channel_id as number
    events = rows.map((r) => r.id)
  })
  afterAll(async () => {
    await roles?.stop()
    await ctx?.close()
  })

  const detail = async (id: number) =>
    (await ctx.json(`/api/events/${id}?api_key=${await ctx.apiKey()}`)).body.data as Record<string, unknown>

  it('an encode whose source is gone is failed with its reason, its folder removed, and says so', async () => {
    const repo = ctx.app.services.mediaRepo
    const asset = await repo.createAsset(channelId, { type: 'event', id: events[0] as number }, 'upload', 'processing')
    fs.mkdirSync(path.join(assetDir(ctx.config.mediaDir, asset.id), '360p'), { recursive: true })
    const missing = path.join(ctx.config.mediaDir, 'imports', 'gone.mp4')
    await ctx.app.services.queue.enqueue('media.transcode', { assetId: asset.id, source: missing, deleteSource: true })
    await roles.worker?.idle()
    expect(await repo.findAsset(asset.id)).toMatchObject({ status: 'failed', error: 'The uploaded file is missing.' })
    expect(fs.existsSync(assetDir(ctx.config.mediaDir, asset.id))).toBe(false)
    expect(await detail(events[0] as number)).toMatchObject({ media_status: 'failed', playback: null })
  })

  it('a live recording whose poster and thumbnails cannot be made stays the replay, with its files', async () => {
    const repo = ctx.app.services.mediaRepo
    const asset = await repo.createAsset(channelId, { type: 'event', id: events[1] as number }, 'live', 'ready')
    const dir = assetDir(ctx.config.mediaDir, asset.id)
    fs.mkdirSync(path.join(dir, 'source'), { recursive: true })
    // A master that names no variant: the extras job cannot find a rendition to read.
    fs.writeFileSync(path.join(dir, 'master.m3u8'), '#EXTM3U\n#EXT-X-VERSION:3\n')
    await repo.setMedia(asset, MediaTypeId.vod, 'master.m3u8')
    await ctx.app.services.queue.enqueue('media.live-finish', { assetId: asset.id })
    await roles.worker?.idle()
    expect(await repo.findAsset(asset.id)).toMatchObject({ status: 'ready' })
    expect(fs.existsSync(path.join(dir, 'master.m3u8'))).toBe(true)
    expect(await detail(events[1] as number)).toMatchObject({ media_status: 'ready' })
  })

  /** A game of `seconds` in the imports folder, and its encode queued as an upload's would be. */
  const encodeUpload = async (eventId: number, name: string, seconds: number, width: number, height: number) => {
    const imports = path.join(ctx.config.mediaDir, 'imports')
    fs.mkdirSync(imports, { recursive: true })
    const source = path.join(imports, name)
    const format = 'mp4' as const
    await runFfmpeg(
      testFeedArgs({ output: source, durationSec: seconds, width, height, fps: 25, realtime: false, format }),
    )
    const repo = ctx.app.services.mediaRepo
    const asset = await repo.createAsset(channelId, { type: 'event', id: eventId }, 'upload', 'processing')
    await ctx.app.services.queue.enqueue('media.transcode', { assetId: asset.id, source, deleteSource: true })
    return { asset, source }
  }

  it('a video deleted while it encodes leaves no file, row or source behind', async () => {
    const repo = ctx.app.services.mediaRepo
    const eventId = events[2] as number
    const { asset, source } = await encodeUpload(eventId, 'long-game.mp4', 30, 640, 360)
    // The producer deletes it once its first rendition plays, while the rest is still being encoded.
    const deadline = Date.now() + 40_000
    while ((await repo.findAsset(asset.id))?.status !== 'ready') {
      if (Date.now() > deadline) throw new Error('the first rendition never became ready')
      await new Promise((r) => setTimeout(r, 50))
    }
    const producer = (await buildOperator(ctx, 'demo', 'producer')).key
    const res = await fetch(`${ctx.baseUrl}/api/admin/media/${asset.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${producer}` },
    })
    expect(res.status).toBe(204)
    await roles.worker?.idle()
    expect(await repo.findAsset(asset.id)).toBeUndefined()
    expect(await ctx.db.kysely.selectFrom('media').select('id').where('asset_id', '=', asset.id).execute()).toEqual([])
    expect(fs.existsSync(assetDir(ctx.config.mediaDir, asset.id))).toBe(false)
    expect(fs.existsSync(source)).toBe(false)
    expect(await detail(eventId)).toMatchObject({ playback: null })
  })

  it('a download made while its video is deleted goes with it', async () => {
    const repo = ctx.app.services.mediaRepo
    const store = ctx.app.services.store
    const eventId = events[3] as number
    const { asset } = await encodeUpload(eventId, 'short-game.mp4', 3, 320, 180)
    await roles.worker?.idle()
    expect(await repo.findAsset(asset.id)).toMatchObject({ status: 'ready' })

    // The producer's delete lands while the MP4 is being made: just before it is stored.
    const producer = (await buildOperator(ctx, 'demo', 'producer')).key
    const put = store.put.bind(store)
    let deleted = 0
    store.put = async (key, from) => {
      if (key.endsWith('/download.mp4')) {
        const res = await fetch(`${ctx.baseUrl}/api/admin/media/${asset.id}`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${producer}` },
        })
        deleted = res.status
      }
      return put(key, from)
    }
    try {
      await ctx.app.services.queue.enqueue('media.download', { assetId: asset.id })
      await roles.worker?.idle()
    } finally {
      store.put = put
    }
    expect(deleted).toBe(204)
    expect(await repo.findAsset(asset.id)).toBeUndefined()
    expect(fs.existsSync(assetDir(ctx.config.mediaDir, asset.id))).toBe(false)
  })
})
