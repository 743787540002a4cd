import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { runFfmpeg, testFeedArgs } from '@fieldhouse/media'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type App, buildApp } from '../../app.js'
import { createContainer } from '../../container.js'
import { type Roles, startRoles } from '../../roles.js'
import { createTestContext, type TestContext } from '../../test/context.js'
import { buildChannel, signedInKey } from '../../test/factories.js'
import { buildOperator } from '../../test/operators.js'

/** Polls `fn` until it returns something truthy (the test timeout bounds it). */
async function until<T>(fn: () => Promise<T | undefined | null | false>, what: string, ms = 60_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = await fn()
    if (v) return v
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

const b64 = (s: string) => Buffer.from(s).toString('base64')
const metadata = (m: Record<string, string | number>) =>
  Object.entries(m)
    .map(([k, v]) => `${k} ${b64(String(v))}`)
    .join(',')

/**
 * Console uploads through the real HTTP layer with raw tus 1.0 requests: created, interrupted by a
 * dropped connection, resumed after the app restarts on the same data folder, then encoded by the
 * worker until the replay plays; refusals by role, channel, size and content; replace and delete
 * leave no file behind. SQLite only (each run encodes real video).
 */
describe('console uploads (tus)', () => {
  let ctx: TestContext
  let roles: Roles
  let base: string
  let restarted: App | undefined
  let fixture: string
  let eventId: number
  let producer: string

  beforeAll(async () => {
    ctx = await createTestContext('sqlite', {
      env: {
        SERVICES: 'api,worker',
        SEED_DEMO: 'false',
        DEMO_LIVE: '0',
        ENCODE_PRESET: 'ultrafast',
        UPLOAD_MAX_BYTES: String(8 * 1024 * 1024),
      },
    })
    base = ctx.baseUrl
    roles = await startRoles(ctx.container, { except: ['api'] })
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-upload-'))
    fixture = path.join(dir, 'game.mp4')
    await runFfmpeg(
      testFeedArgs({
        output: fixture,
        durationSec: 4,
        width: 320,
        height: 180,
        fps: 25,
        realtime: false,
        format: 'mp4',
      }),
    )
    const row = await ctx.db.kysely
      .selectFrom('events')
      .select('id')
      .where('stream_status', '=', 'upcoming')
      .where('access_mode', '=', 'free')
      .orderBy('id')
      .executeTakeFirstOrThrow()
    eventId = row.id
    producer = (await buildOperator(ctx, 'demo', 'producer')).key
  })
  afterAll(async () => {
    await roles?.stop()
    await restarted?.close()
    await ctx?.close()
  })

  const tus = (key: string, extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${key}`,
    'tus-resumable': '1.0.0',
    ...extra,
  })
  const create = (key: string, size: number, meta: Record<string, string | number>) =>
    fetch(`${base}/api/admin/uploads`, {
      method: 'POST',
      headers: tus(key, { 'upload-length': String(size), 'upload-metadata': metadata(meta) }),
    })
  const patch = (key: string, location: string, offset: number, body: Buffer) =>
    fetch(base + location, {
      method: 'PATCH',
      headers: tus(key, { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }),
      body,
    })
  const head = (key: string, location: string) => fetch(base + location, { method: 'HEAD', headers: tus(key) })
  const status = async (key: string, location: string) => {
    const res = await fetch(base + location, { headers: { authorization: `Bearer ${key}` } })
    return { status: res.status, body: (await res.json()) as { data: Record<string, any> } }
  }
  const uploadFiles = () => fs.readdirSync(ctx.config.uploadsDir)

  /** Sends `bytes` of a PATCH and drops the connection before the rest: a dropped upload. */
  const droppedPatch = (key: string, location: string, offset: number, sent: Buffer, declared: number) =>
    new Promise<void>((resolve) => {
      const req = http.request(base + location, {
        method: 'PATCH',
        headers: {
          ...tus(key, { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }),
          'content-length': String(declared),
        },
      })
      req.on('error', () => resolve())
      req.write(sent, () => setTimeout(() => req.destroy(), 300))
      req.on('close', () => resolve())
    })

  it('an upload dropped half way resumes after a restart and becomes the event replay', async () => {
    const video = fs.readFileSync(fixture)
    const created = await create(producer, video.length, { target: 'event', event_id: eventId, filename: 'game.mp4' })
    expect(created.status).toBe(201)
    const location = created.headers.get('location') ?? ''
    expect(location).toMatch(/^\/api\/admin\/uploads\/[a-f0-9]{32}$/)

    const third = Math.floor(video.length / 3)
    expect((await patch(producer, location, 0, video.subarray(0, third))).status).toBe(204)
    // The connection drops in the middle of the second part.
    await droppedPatch(producer, location, third, video.subarray(third, 2 * third), video.length - third)
    const afterDrop = Number((await head(producer, location)).headers.get('upload-offset'))
    expect(afterDrop).toBeGreaterThanOrEqual(third)
    expect(afterDrop).toBeLessThan(video.length)
    expect((await status(producer, location)).body.data).toMatchObject({ status: 'uploading', offset: afterDrop })

    // The app restarts on the same data folder: a new container, tus server and file store.
    await ctx.app.close()
    const container = await createContainer({ config: ctx.config, db: ctx.db, logger: false })
    restarted = await buildApp(container)
    await restarted.listen({ port: 0, host: '127.0.0.1' })
    const address = restarted.server.address()
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`

    const resumedAt = Number((await head(producer, location)).headers.get('upload-offset'))
    expect(resumedAt).toBe(afterDrop)
    const last = await patch(producer, location, resumedAt, video.subarray(resumedAt))
    expect(last.status).toBe(204)
    expect(last.headers.get('upload-offset')).toBe(String(video.length))
    // The bytes left the upload store for the encoder.
    expect(uploadFiles()).toEqual([])

    const ready = await until(async () => {
      const s = (await status(producer, location)).body.data
      return s.status === 'ready' ? s : s.status === 'failed' ? Promise.reject(new Error(s.error)) : null
    }, 'the encode')
    expect(ready).toMatchObject({ target: 'event', target_id: eventId, offset: video.length })
    // Resuming a finished upload finds nothing left to send.
    expect((await head(producer, location)).headers.get('upload-offset')).toBe(String(video.length))

    const key = await signedInKey(ctx)
    const detail = await fetch(`${base}/api/events/${eventId}?api_key=${key}`).then((r) => r.json() as Promise<any>)
    expect(detail.data).toMatchObject({ media_status: 'ready' })
    const playlist = await fetch(base + detail.data.playback.hls)
    expect(playlist.status).toBe(200)
    expect(await playlist.text()).toContain('#EXTM3U')
    // The imported source is gone once every rendition is encoded.
    await until(async () => fs.readdirSync(path.join(ctx.config.mediaDir, 'imports')).length === 0, 'the source to go')

    const media = await fetch(`${base}/api/admin/events/${eventId}/media`, {
      headers: { authorization: `Bearer ${producer}` },
    }).then((r) => r.json() as Promise<any>)
    expect(media.data.assets).toHaveLength(1)
    expect(media.data.assets[0]).toMatchObject({ status: 'ready', playing: true, source: 'upload' })
    expect(media.data.preview.hls).toMatch(/master\.m3u8$/)
  })

  it('a new upload replaces the video once it plays, and deleting a video removes its files', async () => {
    const before = (
      await fetch(`${base}/api/admin/events/${eventId}/media`, {
        headers: { authorization: `Bearer ${producer}` },
      }).then((r) => r.json() as Promise<any>)
    ).data.assets[0].id as number
    const video = fs.readFileSync(fixture)
    const created = await create(producer, video.length, { target: 'event', event_id: eventId, filename: 'take2.mp4' })
    const location = created.headers.get('location') ?? ''
    expect((await patch(producer, location, 0, video)).status).toBe(204)
    const ready = await until(async () => {
      const s = (await status(producer, location)).body.data
      return s.status === 'ready' ? s : null
    }, 'the second encode')
    const assetDir = (id: number) => path.join(ctx.config.mediaDir, 'assets', String(id))
    await until(async () => !fs.existsSync(assetDir(before)), 'the old files to go')
    const rows = await ctx.db.kysely.selectFrom('media_assets').select('id').where('owner_id', '=', eventId).execute()
    expect(rows.map((r) => r.id)).toEqual([ready.asset_id])

    const support = (await buildOperator(ctx, 'demo', 'support')).key
    const refused = await fetch(`${base}/api/admin/media/${ready.asset_id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${support}` },
    })
    expect(refused.status).toBe(403)
    expect(fs.existsSync(assetDir(ready.asset_id))).toBe(true)

    const deleted = await fetch(`${base}/api/admin/media/${ready.asset_id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${producer}` },
    })
    expect(deleted.status).toBe(204)
    expect(fs.existsSync(assetDir(ready.asset_id))).toBe(false)
    expect(
      await ctx.db.kysely.selectFrom('media_assets').select('id').where('owner_id', '=', eventId).execute(),
    ).toEqual([])
    expect(await ctx.db.kysely.selectFrom('media').select('id').where('owner_id', '=', eventId).execute()).toEqual([])
  })

  it('a library upload with a title makes a new VOD item', async () => {
    const video = fs.readFileSync(fixture)
    const created = await create(producer, video.length, { target: 'vod', title: 'Season highlights' })
    const location = created.headers.get('location') ?? ''
    expect((await patch(producer, location, 0, video)).status).toBe(204)
    const ready = await until(async () => {
      const s = (await status(producer, location)).body.data
      return s.status === 'ready' ? s : null
    }, 'the library encode')
    const item = await ctx.db.kysely
      .selectFrom('vod_items')
      .selectAll()
      .where('id', '=', ready.target_id)
      .executeTakeFirstOrThrow()
    expect(item).toMatchObject({ title: 'Season highlights', duration: 4 })
  })

  it('a file that is not a video is refused when complete, and its bytes removed', async () => {
    const text = Buffer.from('this is not a video at all\n'.repeat(100))
    const created = await create(producer, text.length, { target: 'event', event_id: eventId, filename: 'notes.mp4' })
    const location = created.headers.get('location') ?? ''
    const res = await patch(producer, location, 0, text)
    expect(res.status).toBe(422)
    expect(((await res.json()) as any).message).toMatch(/not a video we can read/)
    expect(uploadFiles()).toEqual([])
    expect((await status(producer, location)).body.data).toMatchObject({ status: 'failed' })
  })

  it('refuses what the role, the channel, the size or the metadata do not allow', async () => {
    const viewer = await signedInKey(ctx)
    const support = (await buildOperator(ctx, 'demo', 'support')).key
    const anonymous = (await (
      await fetch(`${base}/api/get_api_key`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ channel_key: 'demo' }),
      }).then((r) => r.json() as Promise<any>)
    ).data.api_key) as string
    const meta = { target: 'event', event_id: eventId }
    expect((await create(anonymous, 100, meta)).status).toBe(401)
    expect((await create(viewer, 100, meta)).status).toBe(403)
    expect((await create(support, 100, meta)).status).toBe(403)
    expect((await create(producer, 9 * 1024 * 1024, meta)).status).toBe(413)
    const noTarget = await create(producer, 100, { target: 'vod' })
    expect(noTarget.status).toBe(422)

    // Another channel's operator sees none of this channel's uploads or events.
    await buildChannel(ctx, 'other')
    const other = (await buildOperator(ctx, 'other', 'owner')).key
    expect((await create(other, 100, meta)).status).toBe(404)
    const mine = await create(producer, 100, meta)
    const location = mine.headers.get('location') ?? ''
    expect((await head(other, location)).status).toBe(404)
    expect((await patch(other, location, 0, Buffer.alloc(10))).status).toBe(404)
    expect((await status(other, location)).status).toBe(404)
    expect((await fetch(base + location, { method: 'DELETE', headers: tus(other) })).status).toBe(404)
    expect((await fetch(`${base}/api/admin/events/${eventId}/media`, { headers: tus(other) })).status).toBe(404)
    expect(uploadFiles()).toContain(location.split('/').pop())

    // The operator cancels it: the bytes and the row go.
    expect((await fetch(base + location, { method: 'DELETE', headers: tus(producer) })).status).toBe(204)
    expect(uploadFiles()).toEqual([])
    expect((await status(producer, location)).status).toBe(404)
  })
})
