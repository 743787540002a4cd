import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { clipMessages, MediaTypeId } from '@fieldhouse/contract'
import { batchPaused, probe, runFfmpeg, testFeedArgs } from '@fieldhouse/media'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Worker } from '../../jobs/worker.js'
import { type Roles, startRoles } from '../../roles.js'
import { createTestContext, type TestContext } from '../../test/context.js'
import { buildChannel, buildUser } from '../../test/factories.js'
import { clipKey } from './clips.presenter.js'

/** Polls `fn` until it returns something truthy (the test timeout bounds it). */
async function until<T>(fn: () => Promise<T | undefined | null | false>, what: string, ms = 60_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = await fn()
    if (v) return v
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/**
 * Real cuts: a generated game is encoded by the worker's pipeline into an HLS ladder, and a viewer's
 * clip of it is cut by the `clips.cut` job into the media store — MP4, poster, HLS — and plays. A
 * cut whose recording is gone fails with its reason and is retried; a worker killed mid-cut leaves no
 * file and another takes the job after its lease. SQLite only (the queue on PostgreSQL is covered in
 * jobs/queue.api.test.ts; the clip calls on both in clips.api.test.ts).
 */
describe('cutting clips', () => {
  let ctx: TestContext
  let roles: Roles | undefined
  let eventId: number
  let assetId: number
  let key: string
  let tag: string
  let fixtureDir: string

  /** Each clip's uuid by id: its files are under `clips/{id}-{uuid}/`. */
  const uuids = new Map<number, string>()
  const post = async (body: Record<string, unknown>) => {
    const res = await ctx.json('/api/clip', {
      method: 'POST',
      body: { api_key: key, event_id: eventId, event_media_id: assetId, tags: [tag], ...body },
    })
    if (res.body?.data?.id) uuids.set(res.body.data.id, res.body.data.uuid)
    return res
  }
  const dirOf = (id: number) => clipKey({ id, uuid: uuids.get(id) as string })
  const mine = async () => (await ctx.json(`/api/clips/user?api_key=${key}`)).body.data as any[]
  const clipOf = async (id: number) => (await mine()).find((c) => c.id === id)

  beforeAll(async () => {
    ctx = await createTestContext('sqlite', {
      env: { SERVICES: 'api,worker', SEED_DEMO: 'false', DEMO_LIVE: '0', ENCODE_PRESET: 'ultrafast' },
    })
    fixtureDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-clip-fixture-'))
    const fixture = path.join(fixtureDir, 'game.mp4')
    await runFfmpeg(
      testFeedArgs({
        output: fixture,
        durationSec: 12,
        width: 640,
        height: 360,
        fps: 25,
        realtime: false,
        format: 'mp4',
      }),
    )
    const row = await ctx.db.kysely
      .selectFrom('events')
      .select(['id', 'channel_id'])
      .where('stream_status', '=', 'vod')
      .where('access_mode', '=', 'free')
      .orderBy('id')
      .executeTakeFirstOrThrow()
    eventId = row.id
    const asset = await ctx.app.services.mediaRepo.createAsset(
      row.channel_id,
      { type: 'event', id: eventId },
      'upload',
      'processing',
    )
    assetId = asset.id
    await ctx.app.services.queue.enqueue('media.transcode', { assetId, source: fixture, deleteSource: false })
    roles = await startRoles(ctx.container, { except: ['api'] })
    await roles.worker?.idle()
    const user = await buildUser(ctx, { capabilities: ['clipping', 'download_clip'] })
    key = await ctx.app.services.keys.issue(user.channel_id, user.id)
    const detail = (await ctx.json(`/api/events/${eventId}?api_key=${key}`)).body.data
    tag = detail.clip_tags[0].name
    expect(detail.clip_sources).toEqual([{ event_media_id: assetId, duration: expect.closeTo(12, 0), live: false }])
  }, 120_000)
  afterAll(async () => {
    await roles?.stop()
    await ctx?.close()
    fs.rmSync(fixtureDir, { recursive: true, force: true })
  })

  it('cuts a clip at unaligned times to ready: an MP4 of the asked length that plays, a poster and HLS', async () => {
    const res = await post({ name: 'Unaligned', start_time: 2.36, duration: 4.2 })
    expect(res).toMatchObject({ status: 201, body: { data: { status: 'queued' } } })
    const id = res.body.data.id
    await roles?.worker?.idle()
    const clip = await clipOf(id)
    expect(clip).toMatchObject({ status: 'ready', failure_reason: null })
    expect(clip.poster).toMatch(new RegExp(`^/media/cp/${id}/`))
    const files = (await ctx.app.services.store.list(dirOf(id))).map((k) => k.slice(dirOf(id).length + 1))
    expect(files).toEqual(expect.arrayContaining(['clip.mp4', 'poster.jpg', 'hls/index.m3u8']))
    const download = (await ctx.json(`/api/clip/download/${id}?api_key=${key}`)).body.data
    const mp4 = Buffer.from(await (await ctx.request(download.url)).arrayBuffer())
    const local = path.join(fixtureDir, `clip-${id}.mp4`)
    fs.writeFileSync(local, mp4)
    const facts = await probe(local)
    expect(facts.durationSec).toBeGreaterThan(4.2 - 0.05)
    expect(facts.durationSec).toBeLessThan(4.2 + 0.1)
    expect(facts.video?.width).toBeGreaterThan(0)
    const shared = (await ctx.json(`/api/shared-clip/${id}?uuid=${clip.uuid}&api_key=${await ctx.apiKey()}`)).body.data
    const playlist = await (await ctx.request(shared.hls)).text()
    expect(playlist).toContain('#EXT-X-ENDLIST')
    const stored = await ctx.db.kysely
      .selectFrom('clips')
      .select('bytes')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(Number(stored.bytes)).toBeGreaterThanOrEqual(mp4.length)
  }, 120_000)

  it('cuts a clip of a library video to ready the same way (decision 27)', async () => {
    const { store } = ctx.app.services
    const item = await ctx.db.kysely
      .selectFrom('vod_items')
      .select(['id', 'channel_id', 'title'])
      .where('access_mode', '=', 'free')
      .orderBy('id')
      .executeTakeFirstOrThrow()
    // The library video's recording: the game's renditions, as its own asset.
    const asset = { id: await copyRecording({ type: 'vod', id: item.id }) }
    const detail = (await ctx.json(`/api/vod-media-items/${item.id}?api_key=${key}`)).body.data
    expect(detail.clip_sources).toEqual([{ event_media_id: asset.id, duration: expect.closeTo(12, 0), live: false }])
    const res = await post({
      event_id: undefined,
      vod_media_item_id: item.id,
      event_media_id: asset.id,
      name: 'From the library',
      start_time: 1.3,
      duration: 3,
      tags: ['Highlight'],
    })
    expect(res).toMatchObject({ status: 201, body: { data: { status: 'queued', vod_media_item_title: item.title } } })
    await roles?.worker?.idle()
    expect(await clipOf(res.body.data.id)).toMatchObject({ status: 'ready', vod_media_item_id: item.id })
    expect(await store.list(dirOf(res.body.data.id))).toEqual(
      expect.arrayContaining([`${dirOf(res.body.data.id)}/clip.mp4`, `${dirOf(res.body.data.id)}/poster.jpg`]),
    )
  }, 120_000)

  /** The game's recording copied into another asset of `owner` (its files and master). */
  const copyRecording = async (owner: { type: 'event' | 'vod'; id: number }, into?: number) => {
    const { mediaRepo, media, store } = ctx.app.services
    const master = (await media.recording(assetId))?.master as string
    const channelId = (await ctx.app.services.channels.findByKey('demo'))?.id as number
    const asset = into ?? (await mediaRepo.createAsset(channelId, owner, 'upload', 'ready')).id
    for (const from of await store.list(`assets/${assetId}`)) {
      const rel = from.slice(`assets/${assetId}/`.length)
      await store.put(`assets/${asset}/${rel}`, { bytes: (await store.readBytes(from)) as Buffer })
    }
    const row = await mediaRepo.findAsset(asset)
    await mediaRepo.setMedia(row as NonNullable<typeof row>, MediaTypeId.vod, master)
    return asset
  }

  it('fails with a reason a viewer can read when the recording is gone, and a retry makes it once it is back', async () => {
    const copy = await copyRecording({ type: 'event', id: eventId })
    // Asked for while the recording was there; its files went before the cut ran.
    await roles?.stop()
    const res = await post({ event_media_id: copy, name: 'Lost source', start_time: 0.7, duration: 5 })
    expect(res).toMatchObject({ status: 201, body: { data: { status: 'queued' } } })
    const id = res.body.data.id
    const job = await ctx.db.kysely
      .selectFrom('jobs')
      .select('payload')
      .where('dedupe_key', '=', `clip:${id}`)
      .executeTakeFirstOrThrow()
    expect(JSON.parse(job.payload)).toEqual({
      clipId: id,
      playlist: expect.stringMatching(new RegExp(`^assets/${copy}/`)),
      startSec: 0.7,
      durationSec: 5,
    })
    await ctx.app.services.store.deletePrefix(`assets/${copy}`)
    roles = await startRoles(ctx.container, { except: ['api'] })
    await roles.worker?.idle()
    expect(await clipOf(id)).toMatchObject({
      status: 'failed',
      failure_reason: 'The recording of this clip is no longer available.',
    })
    expect(await ctx.app.services.store.list(dirOf(id))).toEqual([])
    // Tried again while the recording is gone: refused at once, and still failed.
    const refused = await ctx.json(`/api/clip/${id}/retry`, { method: 'POST', body: { api_key: key } })
    expect(refused).toMatchObject({ status: 409, body: { message: clipMessages.unknownRecording } })
    expect(await clipOf(id)).toMatchObject({ status: 'failed' })
    await copyRecording({ type: 'event', id: eventId }, copy)
    const retried = await ctx.json(`/api/clip/${id}/retry`, { method: 'POST', body: { api_key: key } })
    expect(retried).toMatchObject({ status: 200, body: { data: { status: 'queued' } } })
    await roles.worker?.idle()
    expect(await clipOf(id)).toMatchObject({ status: 'ready', failure_reason: null })
  }, 120_000)

  it("a cut whose payload names another recording's playlist is refused, and nothing is read from it", async () => {
    const other = await copyRecording({ type: 'event', id: eventId })
    await roles?.stop()
    const id = (await post({ name: 'Pointed elsewhere', start_time: 1, duration: 4 })).body.data.id
    const row = await ctx.db.kysely
      .selectFrom('jobs')
      .select('payload')
      .where('dedupe_key', '=', `clip:${id}`)
      .executeTakeFirstOrThrow()
    const payload = JSON.parse(row.payload) as { playlist: string }
    const file = payload.playlist.slice(payload.playlist.lastIndexOf('/') + 1)
    for (const playlist of [`assets/${other}/${file}`, `assets/${assetId}/../${other}/${file}`]) {
      await ctx.db.kysely
        .updateTable('jobs')
        .set({ payload: JSON.stringify({ ...payload, playlist }), status: 'queued', attempts: 0 })
        .where('dedupe_key', '=', `clip:${id}`)
        .execute()
      await ctx.db.kysely.updateTable('clips').set({ status: 'queued' }).where('id', '=', id).execute()
      roles = await startRoles(ctx.container, { except: ['api'] })
      await roles.worker?.idle()
      await roles.stop()
      expect(await clipOf(id)).toMatchObject({
        status: 'failed',
        failure_reason: 'The recording of this clip is no longer available.',
      })
      expect(await ctx.app.services.store.list(dirOf(id))).toEqual([])
    }
    roles = await startRoles(ctx.container, { except: ['api'] })
  }, 120_000)

  it('a cut queued before cuts carried their playlist and range fails with the general reason; a retry makes it', async () => {
    await roles?.stop()
    const id = (await post({ name: 'Queued long ago', start_time: 1, duration: 4 })).body.data.id
    // The job as an earlier version queued it: the clip's id alone.
    await ctx.db.kysely
      .updateTable('jobs')
      .set({ payload: JSON.stringify({ clipId: id }) })
      .where('dedupe_key', '=', `clip:${id}`)
      .execute()
    roles = await startRoles(ctx.container, { except: ['api'] })
    await roles.worker?.idle()
    expect(await clipOf(id)).toMatchObject({ status: 'failed', failure_reason: clipMessages.failed })
    const job = await ctx.db.kysely
      .selectFrom('jobs')
      .selectAll()
      .where('dedupe_key', '=', `clip:${id}`)
      .executeTakeFirstOrThrow()
    expect(job).toMatchObject({ status: 'failed', attempts: 1 })
    expect(job.error).toMatch(/without its playlist and range/)
    const retried = await ctx.json(`/api/clip/${id}/retry`, { method: 'POST', body: { api_key: key } })
    expect(retried).toMatchObject({ status: 200, body: { data: { status: 'queued' } } })
    await roles.worker?.idle()
    expect(await clipOf(id)).toMatchObject({ status: 'ready' })
  }, 120_000)

  it('a clip is ready while two channels’ encodes hold both batch slots; the encodes pause while it is cut', async () => {
    const { queue, mediaRepo } = ctx.app.services
    const demoChannel = (await ctx.app.services.channels.findByKey('demo'))?.id as number
    const otherChannel = await buildChannel(ctx, 'busy-other')
    // Two long encodes, one per channel (a channel holds one of the two slots): ten-minute demo videos.
    const encodes: number[] = []
    for (const [i, channelId] of [demoChannel, otherChannel].entries()) {
      const asset = await mediaRepo.createAsset(channelId, { type: 'vod', id: 900_000 + i }, 'demo', 'processing')
      const payload = { assetId: asset.id, title: 'Busy', home: 'A', away: 'B', seconds: 600 }
      encodes.push(await queue.enqueue('media.demo', payload, { channelId }))
    }
    const state = async (id: number) => (await queue.find(id))?.status
    await until(
      async () => (await state(encodes[0]!)) === 'running' && (await state(encodes[1]!)) === 'running',
      'both encodes to run',
    )
    let paused = false
    const watch = setInterval(() => {
      paused ||= batchPaused()
    }, 20)
    try {
      const id = (await post({ name: 'While busy', start_time: 1.3, duration: 6 })).body.data.id
      await until(async () => (await clipOf(id))?.status === 'ready', 'the clip while encodes run')
    } finally {
      clearInterval(watch)
    }
    // The clip did not wait for either encode: both still run.
    expect([await state(encodes[0]!), await state(encodes[1]!)]).toEqual(['running', 'running'])
    expect(paused).toBe(true)
    expect(batchPaused()).toBe(false)
    // The encodes end here (the next tests start workers of their own).
    await roles?.stop()
    await ctx.db.kysely.updateTable('jobs').set({ status: 'failed' }).where('id', 'in', encodes).execute()
    roles = await startRoles(ctx.container, { except: ['api'] })
  }, 180_000)

  it('a worker stopped mid-cut leaves no file; another takes the job after its lease and finishes it', async () => {
    await roles?.stop()
    roles = undefined
    const { queue } = ctx.app.services
    const worker = (leaseMs: number) =>
      new Worker({
        queue,
        handlers: ctx.container.jobs.handlers,
        concurrency: 1,
        log: ctx.container.log,
        onFailure: ctx.container.jobs.onFailure,
        leaseMs,
        pollMs: 100,
      })
    const first = worker(1500)
    const id = (await post({ name: 'Interrupted', start_time: 0.5, duration: 10 })).body.data.id
    first.start()
    await until(async () => (await clipOf(id))?.status === 'processing', 'the cut to start')
    await first.stop()
    expect((await clipOf(id)).status).toBe('processing')
    expect(await ctx.app.services.store.list(dirOf(id))).toEqual([])
    const second = worker(1500)
    second.start()
    try {
      await until(async () => (await clipOf(id))?.status === 'ready', 'the cut to resume and finish')
    } finally {
      await second.stop()
    }
    expect(await ctx.app.services.store.list(dirOf(id))).toEqual(expect.arrayContaining([`${dirOf(id)}/clip.mp4`]))
  }, 120_000)

  it('deleting a ready clip removes its files from the store', async () => {
    const ready = (await mine()).find((c) => c.status === 'ready')
    expect((await ctx.app.services.store.list(clipKey(ready))).length).toBeGreaterThan(2)
    const res = await ctx.json(`/api/clip/${ready.id}?api_key=${key}`, { method: 'DELETE' })
    expect(res.status).toBe(200)
    expect(await ctx.app.services.store.list(clipKey(ready))).toEqual([])
    expect((await ctx.request(ready.poster)).status).toBe(404)
  })
})
