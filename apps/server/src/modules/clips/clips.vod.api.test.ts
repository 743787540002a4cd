import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { clipMessages, clipSubjectMessage, MediaTypeId, messages } from '@fieldhouse/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assetKey } from '../../lib/media-store/index.js'
import { createTestContext, type TestContext, testDatabases } from '../../test/context.js'
import { buildChannel, buildUser } from '../../test/factories.js'
import { clipKey } from './clips.presenter.js'
import { ClipsRepository } from './clips.repository.js'

const SEGMENTS = 20
const MASTER = '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=2800000,RESOLUTION=1280x720\n720p/index.m3u8\n'
const VARIANT = `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXT-X-PLAYLIST-TYPE:VOD\n${Array.from(
  { length: SEGMENTS },
  (_, i) => `#EXTINF:2.000,\nseg_${String(i).padStart(5, '0')}.ts\n`,
).join('')}#EXT-X-ENDLIST\n`
const MP4 = Buffer.from('the bytes of a clip of a library video')
const HTML = '<!doctype html><html><head><title>Fieldhouse</title></head><body><div id="root"></div></body></html>'

interface Item {
  id: number
  title: string
  asset: number
}

/**
 * Clips of library videos (decision 27) through HTTP, on both databases: `POST /clip` names the VOD
 * item by `vod_media_item_id` instead of `event_id` (exactly one of the two), the library's access rules
 * and the `clipping` capability decide, another channel's item is not found, and the clip rows, the
 * share link, the share page and the moments feed carry the video's title. The cut itself is the same
 * job as a game's (`clips.cut.api.test.ts` cuts one from a library video).
 */
describe.each(testDatabases())('clips of library videos on %s', (kind) => {
  let ctx: TestContext
  let webDist: string
  let channelId: number
  let free: Item
  let paid: Item
  let foreign: Item
  let eventAsset: number
  const keys = {} as Record<'clipper' | 'watcher' | 'payless' | 'foreign', string>
  let anon: string

  const json = (p: string, key: string, init: { method?: string; body?: unknown } = {}) => {
    const sep = p.includes('?') ? '&' : '?'
    const inQuery = !init.method || init.method === 'GET' || init.method === 'DELETE'
    return ctx.json(inQuery ? `${p}${sep}api_key=${key}` : p, {
      ...init,
      ...(inQuery ? {} : { body: { ...(init.body as object), api_key: key } }),
    })
  }
  const clip = (key: string, body: Record<string, unknown> = {}) =>
    json('/api/clip', key, {
      method: 'POST',
      body: {
        vod_media_item_id: free.id,
        event_media_id: free.asset,
        name: 'Library moment',
        start_time: 4,
        duration: 6,
        tags: ['Highlight'],
        ...body,
      },
    })
  const store = () => ctx.app.services.store
  const clipsRepo = () => new ClipsRepository(ctx.db.kysely)
  const clipRows = () => ctx.db.kysely.selectFrom('clips').selectAll().execute()

  /** A recording as the pipeline leaves it: a master and a 720p rendition of 40 s. */
  async function recording(onChannel: number, owner: { type: 'event' | 'vod'; id: number }) {
    const repo = ctx.app.services.mediaRepo
    const asset = await repo.createAsset(onChannel, owner, 'upload', 'ready')
    await store().put(assetKey(asset.id, 'master.m3u8'), { bytes: MASTER })
    await store().put(assetKey(asset.id, '720p/index.m3u8'), { bytes: VARIANT })
    await repo.setMedia(asset, MediaTypeId.vod, 'master.m3u8')
    await repo.updateAsset(asset.id, { duration: SEGMENTS * 2 })
    return asset.id
  }
  /** What the cut leaves: the MP4, the poster and a short HLS under `clips/{id}-{uuid}/`, then `ready`. */
  async function makeReady(made: { id: number; uuid: string }) {
    await store().put(clipKey(made, 'hls/seg_00000.ts'), { bytes: Buffer.alloc(188 * 4, 0x47) })
    await store().put(clipKey(made, 'hls/index.m3u8'), {
      bytes: '#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6.0,\nseg_00000.ts\n#EXT-X-ENDLIST\n',
    })
    await store().put(clipKey(made, 'poster.jpg'), { bytes: Buffer.from([0xff, 0xd8, 0xff, 0xd9]) })
    await store().put(clipKey(made, 'clip.mp4'), { bytes: MP4 })
    await clipsRepo().update(made.id, { status: 'ready', bytes: MP4.length })
  }
  const viewerKey = async (capabilities: string[], channelKey = 'demo') => {
    const user = await buildUser(ctx, { capabilities, channelKey })
    return ctx.app.services.keys.issue(user.channel_id, user.id)
  }
  /** The channel's clip settings (a session keeps its channel two seconds, decision 3). */
  async function setClipSettings(clips: object | undefined) {
    const channel = await ctx.app.services.channels.findByKey('demo')
    const { clips: _, ...settings } = JSON.parse(channel?.settings as string)
    await ctx.db.kysely
      .updateTable('channels')
      .set({ settings: JSON.stringify({ ...settings, ...(clips ? { clips } : {}) }) })
      .where('id', '=', channelId)
      .execute()
    ctx.app.services.channels.forget({ id: channelId, key: 'demo' })
    await new Promise((resolve) => setTimeout(resolve, 2100))
  }

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-web-'))
    fs.writeFileSync(path.join(webDist, 'index.html'), HTML)
    ctx = await createTestContext(kind, { webDist })
    channelId = (await ctx.app.services.channels.findByKey('demo'))?.id as number
    const items = await ctx.db.kysely
      .selectFrom('vod_items')
      .select(['id', 'title', 'access_mode'])
      .where('channel_id', '=', channelId)
      .orderBy('id')
      .execute()
    const pick = async (mode: string) => {
      const row = items.find((r) => r.access_mode === mode) as (typeof items)[number]
      return { id: row.id, title: row.title, asset: await recording(channelId, { type: 'vod', id: row.id }) }
    }
    free = await pick('free')
    paid = await pick('paid')
    const event = await ctx.db.kysely
      .selectFrom('events')
      .select('id')
      .where('channel_id', '=', channelId)
      .where('stream_status', '=', 'vod')
      .where('access_mode', '=', 'free')
      .orderBy('id')
      .executeTakeFirstOrThrow()
    eventAsset = await recording(channelId, { type: 'event', id: event.id })

    const elsewhereId = await buildChannel(ctx, 'elsewhere')
    const other = await ctx.db.kysely
      .insertInto('vod_items')
      .values({
        channel_id: elsewhereId,
        category_id: null,
        title: 'Their own video',
        description: null,
        date: Date.now(),
        duration: 40,
        assets: '[]',
        access_mode: 'free',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    foreign = {
      id: other.id,
      title: 'Their own video',
      asset: await recording(elsewhereId, { type: 'vod', id: other.id }),
    }

    keys.clipper = await viewerKey(['clipping', 'download_clip', 'vod_media'])
    keys.watcher = await viewerKey(['vod_media'])
    keys.payless = await viewerKey(['clipping'])
    keys.foreign = await viewerKey(['clipping', 'vod_media'], 'elsewhere')
    anon = await ctx.apiKey()
  })
  afterAll(async () => {
    await ctx?.close()
    fs.rmSync(webDist, { recursive: true, force: true })
  })

  it("a library video's detail lists the tags for every sport, and its recordings a viewer who may watch can clip", async () => {
    const detail = (await json(`/api/vod-media-items/${free.id}`, keys.payless)).body.data
    expect(detail.clip_tags.map((t: { name: string }) => t.name)).toContain('Highlight')
    expect(detail.clip_tags.every((t: { event_category_id: number | null }) => t.event_category_id === null)).toBe(true)
    expect(detail.clip_sources).toEqual([{ event_media_id: free.asset, duration: SEGMENTS * 2, live: false }])
    // A video of the VOD pass the viewer has not got: the tags, nothing to clip.
    const locked = (await json(`/api/vod-media-items/${paid.id}`, keys.payless)).body.data
    expect(locked).toMatchObject({ denial: 'no_access', clip_sources: [] })
    const opened = (await json(`/api/vod-media-items/${paid.id}`, keys.clipper)).body.data
    expect(opened.clip_sources).toEqual([{ event_media_id: paid.asset, duration: SEGMENTS * 2, live: false }])
  })

  it('refuses a viewer who is not signed in, lacks `clipping`, or may not watch the video; another channel’s video is not found', async () => {
    expect(await clip(anon)).toMatchObject({ status: 401, body: { message: clipMessages.signInToClip } })
    expect(await clip(keys.watcher)).toMatchObject({ status: 403, body: { message: clipMessages.clippingNotAllowed } })
    const paidClip = await clip(keys.payless, { vod_media_item_id: paid.id, event_media_id: paid.asset })
    expect(paidClip).toMatchObject({ status: 403, body: { message: messages.noAccessToWatch } })
    const theirs = await clip(keys.clipper, { vod_media_item_id: foreign.id, event_media_id: foreign.asset })
    expect(theirs.status).toBe(404)
    // Their viewer cannot cut our video; nor can ours cut their recording under our video's id.
    expect((await clip(keys.foreign)).status).toBe(404)
    const crossed = await clip(keys.clipper, { event_media_id: foreign.asset })
    expect(crossed).toMatchObject({ status: 422, body: { message: clipMessages.unknownRecording } })
    expect(await clipRows()).toHaveLength(0)
  })

  it('answers a clear message for neither or both of event_id and vod_media_item_id, and the spec messages', async () => {
    const neither = await clip(keys.clipper, { vod_media_item_id: undefined })
    expect(neither).toMatchObject({ status: 422, body: { errors: { event_id: [clipSubjectMessage] } } })
    const both = await clip(keys.clipper, { event_id: 1 })
    expect(both).toMatchObject({ status: 422, body: { errors: { vod_media_item_id: [clipSubjectMessage] } } })
    const noName = await clip(keys.clipper, { name: ' ' })
    expect(noName).toMatchObject({ status: 422, body: { errors: { name: [messages.clipNameRequired] } } })
    // A sport's tag is not offered for a library video.
    const sportTag = (await json('/api/events?stream_status[]=vod&limit=1', anon)).body.data[0].id
    const sportTags = (await json(`/api/events/${sportTag}`, anon)).body.data.clip_tags
    const sportOnly = sportTags.find((t: { event_category_id: number | null }) => t.event_category_id !== null).name
    const wrongTag = await clip(keys.clipper, { tags: [sportOnly] })
    expect(wrongTag).toMatchObject({ status: 422, body: { message: messages.clipTagRequired } })
    const past = await clip(keys.clipper, { start_time: 36, duration: 6 })
    expect(past).toMatchObject({
      status: 422,
      body: { message: messages.clipDurationTooLong, errors: { duration: [messages.clipDurationTooLong] } },
    })
    const gameRecording = await clip(keys.clipper, { event_media_id: eventAsset })
    expect(gameRecording).toMatchObject({ status: 422, body: { message: clipMessages.unknownRecording } })
    expect(await clipRows()).toHaveLength(0)
  })

  it('queues a clip of a library video and, once cut, lists, shares, downloads and features it under its title', async () => {
    const res = await clip(keys.clipper, { vod_media_item_id: paid.id, event_media_id: paid.asset })
    expect(res.status).toBe(201)
    const made = res.body.data
    expect(made).toMatchObject({
      status: 'queued',
      event_id: null,
      vod_media_item_id: paid.id,
      event_media_id: paid.asset,
      event_name: null,
      vod_media_item_title: paid.title,
      start_time: 4,
      duration: 6,
    })
    const job = await ctx.db.kysely.selectFrom('jobs').selectAll().where('kind', '=', 'clips.cut').executeTakeFirst()
    expect(JSON.parse(job?.payload as string)).toEqual({
      clipId: made.id,
      playlist: `assets/${paid.asset}/720p/index.m3u8`,
      startSec: 4,
      durationSec: 6,
    })
    await makeReady(made)

    const mine = (await json('/api/clips/user', keys.clipper)).body.data
    expect(mine).toEqual([expect.objectContaining({ id: made.id, status: 'ready', vod_media_item_title: paid.title })])
    const shared = await json(`/api/shared-clip/${made.id}?uuid=${made.uuid}`, anon)
    expect(shared.body.data).toMatchObject({ status: 'ready', vod_media_item_title: paid.title })
    expect(Buffer.from(await (await ctx.request(shared.body.data.mp4)).arrayBuffer()).equals(MP4)).toBe(true)
    const download = await json(`/api/clip/download/${made.id}`, keys.clipper)
    expect((await ctx.request(download.body.data.url)).status).toBe(200)

    const moments = (await json('/api/clips/moments', anon)).body.data
    expect(moments.map((c: { id: number }) => c.id)).toEqual([made.id])
    expect(moments[0]).toMatchObject({ vod_media_item_title: paid.title, event_name: null })
    // Not a game: no game filter finds it, and it names no game with clips.
    const gameId = (await json('/api/events?stream_status[]=vod&limit=1', anon)).body.data[0].id
    expect((await json(`/api/clips/moments?event_id=${gameId}`, anon)).body.data).toEqual([])
    expect((await json('/api/events/with_clip', anon)).body.data).toEqual([])
    expect((await json(`/api/clips/event/${gameId}`, anon)).body.data).toEqual([])

    const html = await (await ctx.request(`/share/${made.id}/${made.uuid}`)).text()
    expect(html).toContain(`<meta property="og:title" content="Library moment · ${paid.title}">`)
    expect((await json('/api/user/access', keys.clipper)).body.data.featureCount).toEqual({ clips: 1, downloads: 1 })
  })

  it('keeps a paid video’s clip to those who may watch it when the channel does not share clips publicly', async () => {
    const open = (await clip(keys.clipper, { name: 'Free video moment' })).body.data
    await makeReady(open)
    const paidClip = (await json('/api/clips/user', keys.clipper)).body.data.find(
      (c: { vod_media_item_id: number }) => c.vod_media_item_id === paid.id,
    )
    await setClipSettings({ share_public: false })
    try {
      const feed = (await json('/api/clips/moments', anon)).body.data.map((c: { id: number }) => c.id)
      expect(feed).toEqual([open.id])
      expect((await json(`/api/shared-clip/${paidClip.id}?uuid=${paidClip.uuid}`, anon)).status).toBe(401)
      expect((await json(`/api/shared-clip/${paidClip.id}?uuid=${paidClip.uuid}`, keys.payless)).status).toBe(403)
      expect((await json(`/api/shared-clip/${paidClip.id}?uuid=${paidClip.uuid}`, keys.clipper)).status).toBe(200)
      expect((await json(`/api/shared-clip/${open.id}?uuid=${open.uuid}`, anon)).status).toBe(200)
      // Its share page previews nothing, and its public poster is not served.
      expect(await (await ctx.request(`/share/${paidClip.id}/${paidClip.uuid}`)).text()).not.toContain('og:')
      expect((await ctx.request(`/media/cp/${paidClip.id}/${paidClip.uuid}/poster.jpg`)).status).toBe(404)
    } finally {
      await setClipSettings(undefined)
    }
  })
})
