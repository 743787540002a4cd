import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { clipMessages, MediaTypeId, messages } from '@fieldhouse/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assetKey } from '../../lib/media-store/index.js'
import { buildClip } from '../../test/clips.js'
import { createTestContext, type TestContext, testDatabases } from '../../test/context.js'
import { buildChannel, buildUser } from '../../test/factories.js'
import { clipKey } from './clips.presenter.js'
import { ClipsRepository } from './clips.repository.js'

const SEGMENTS = 30
const MASTER =
  '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360\n360p/index.m3u8\n' +
  '#EXT-X-STREAM-INF:BANDWIDTH=2800000,RESOLUTION=1280x720\n720p/index.m3u8\n'
const VARIANT = `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXT-X-PLAYLIST-TYPE:VOD\n${Array.from(
  { length: SEGMENTS },
  (_, i) => `#EXTINF:2.000,\nseg_${String(i).padStart(5, '0')}.ts\n`,
).join('')}#EXT-X-ENDLIST\n`
const MP4 = Buffer.from('not really an mp4, but the bytes a download must carry')
const HTML = '<!doctype html><html><head><title>Fieldhouse</title></head><body><div id="root"></div></body></html>'

/**
 * The clip calls of spec §7 through HTTP, on both databases: who may cut, the spec's three messages,
 * the lists, the share link (id and uuid), the download, the counters, and the share page's preview
 * tags. The cut itself runs in `clips.cut.api.test.ts`; here a ready clip's files are written as the
 * cut leaves them.
 */
describe.each(testDatabases())('clips on %s', (kind) => {
  let ctx: TestContext
  let webDist: string
  let channelId: number
  let free: { id: number; asset: number }
  let paid: { id: number; asset: number }
  let tag: string
  const keys = {} as Record<'clipper' | 'watcher' | 'payless' | 'other' | 'foreign' | 'downloader', string>
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
        event_id: free.id,
        event_media_id: free.asset,
        name: 'Great shot',
        start_time: 10,
        duration: 8,
        tags: [tag],
        ...body,
      },
    })
  const store = () => ctx.app.services.store
  const clipsRepo = () => new ClipsRepository(ctx.db.kysely)

  /** A recording as the pipeline leaves it: a master, a 720p rendition of 60 s. */
  async function recording(eventId: number) {
    const repo = ctx.app.services.mediaRepo
    const asset = await repo.createAsset(channelId, { type: 'event', id: eventId }, 'upload', 'ready')
    await store().put(assetKey(asset.id, 'master.m3u8'), { bytes: MASTER })
    await store().put(assetKey(asset.id, '720p/index.m3u8'), { bytes: VARIANT })
    await store().put(assetKey(asset.id, '360p/index.m3u8'), { bytes: VARIANT })
    await store().put(assetKey(asset.id, 'download.mp4'), { bytes: MP4 })
    await repo.setMedia(asset, MediaTypeId.vod, 'master.m3u8')
    await repo.updateAsset(asset.id, { duration: SEGMENTS * 2 })
    return asset.id
  }
  /** What the cut leaves: the MP4, the poster and a short HLS under `clips/{id}-{uuid}/`, then `ready`. */
  async function makeReady(clip: { id: number; uuid: string }, poster = Buffer.from([0xff, 0xd8, 0xff, 0xd9])) {
    await store().put(clipKey(clip, 'hls/seg_00000.ts'), { bytes: Buffer.alloc(188 * 4, 0x47) })
    await store().put(clipKey(clip, 'hls/index.m3u8'), {
      bytes: '#EXTM3U\n#EXT-X-TARGETDURATION:8\n#EXTINF:8.0,\nseg_00000.ts\n#EXT-X-ENDLIST\n',
    })
    await store().put(clipKey(clip, 'poster.jpg'), { bytes: poster })
    await store().put(clipKey(clip, 'clip.mp4'), { bytes: MP4 })
    await clipsRepo().update(clip.id, { status: 'ready', bytes: MP4.length })
  }
  /** Sets the demo channel's clip limits (undefined: the defaults) and waits until sessions see them. */
  const setLimits = async (clips: object | undefined) => {
    const channel = await ctx.app.services.channels.findByKey('demo')
    const { clips: _, ...settings } = JSON.parse(channel?.settings as string)
    await ctx.db.kysely
      .updateTable('channels')
      .set({ settings: JSON.stringify(clips ? { ...settings, clips } : settings) })
      .where('id', '=', channelId)
      .execute()
    ctx.app.services.channels.forget({ id: channelId, key: 'demo' })
    // A session is remembered two seconds (decision 3), its channel with it.
    await new Promise((resolve) => setTimeout(resolve, 2100))
  }
  const viewerKey = async (capabilities: string[], channelKey = 'demo') => {
    const user = await buildUser(ctx, { capabilities, channelKey })
    return ctx.app.services.keys.issue(user.channel_id, user.id)
  }

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-web-'))
    fs.writeFileSync(path.join(webDist, 'index.html'), HTML)
    ctx = await createTestContext(kind, { webDist })
    const channel = await ctx.app.services.channels.findByKey('demo')
    channelId = channel?.id as number
    const rows = await ctx.db.kysely
      .selectFrom('events')
      .select(['id', 'access_mode'])
      .where('channel_id', '=', channelId)
      .where('stream_status', '=', 'vod')
      .orderBy('id')
      .execute()
    const freeId = rows.find((r) => r.access_mode === 'free')?.id as number
    const paidId = rows.find((r) => r.access_mode === 'paid')?.id as number
    free = { id: freeId, asset: await recording(freeId) }
    paid = { id: paidId, asset: await recording(paidId) }
    keys.clipper = await viewerKey(['clipping', 'download_clip', 'download'])
    keys.watcher = await viewerKey(['watch'])
    keys.payless = await viewerKey(['clipping'])
    keys.other = await viewerKey(['clipping', 'download_clip'])
    keys.downloader = await viewerKey(['watch', 'clipping'])
    await buildChannel(ctx, 'elsewhere')
    keys.foreign = await viewerKey(['watch', 'clipping', 'download_clip'], 'elsewhere')
    anon = await ctx.apiKey()
    const detail = (await json(`/api/events/${free.id}`, anon)).body.data
    tag = detail.clip_tags.find((t: { event_category_id: number | null }) => t.event_category_id !== null).name
  })
  afterAll(async () => {
    await ctx?.close()
    fs.rmSync(webDist, { recursive: true, force: true })
  })

  it('an event lists its clip tags, and the recordings a viewer who may watch can clip', async () => {
    const detail = (await json(`/api/events/${free.id}`, keys.clipper)).body.data
    const names = detail.clip_tags.map((t: { name: string }) => t.name)
    expect(names).toContain('Highlight')
    expect(detail.clip_tags.some((t: { event_category_id: number | null }) => t.event_category_id !== null)).toBe(true)
    expect(detail.clip_sources).toEqual([{ event_media_id: free.asset, duration: SEGMENTS * 2, live: false }])
    // A paid game the viewer may not watch: tags, but nothing to clip.
    const locked = (await json(`/api/events/${paid.id}`, keys.payless)).body.data
    expect(locked.clip_sources).toEqual([])
    expect(locked.clip_tags.length).toBeGreaterThan(0)
  })

  it('refuses a viewer who is not signed in, lacks `clipping`, or may not watch the game', async () => {
    expect(await clip(anon)).toMatchObject({ status: 401, body: { message: clipMessages.signInToClip } })
    expect(await clip(keys.watcher)).toMatchObject({ status: 403, body: { message: clipMessages.clippingNotAllowed } })
    const paidClip = await clip(keys.payless, { event_id: paid.id, event_media_id: paid.asset })
    expect(paidClip).toMatchObject({ status: 403, body: { message: messages.noAccessToWatch } })
    expect(await ctx.db.kysely.selectFrom('clips').selectAll().execute()).toHaveLength(0)
  })

  it('answers the spec messages for a missing name, missing or unknown tags, and a range past the end', async () => {
    const noName = await clip(keys.clipper, { name: '  ' })
    expect(noName).toMatchObject({ status: 422, body: { errors: { name: [messages.clipNameRequired] } } })
    const noTags = await clip(keys.clipper, { tags: [] })
    expect(noTags).toMatchObject({ status: 422, body: { errors: { tags: [messages.clipTagRequired] } } })
    const unknown = await clip(keys.clipper, { tags: ['Touchdown of the century'] })
    expect(unknown).toMatchObject({ status: 422, body: { message: messages.clipTagRequired } })
    const past = await clip(keys.clipper, { start_time: 55, duration: 8 })
    expect(past).toMatchObject({
      status: 422,
      body: { message: messages.clipDurationTooLong, errors: { duration: [messages.clipDurationTooLong] } },
    })
    const tooLong = await clip(keys.clipper, { start_time: 0, duration: 121 })
    expect(tooLong).toMatchObject({ status: 422, body: { message: clipMessages.tooLong(120) } })
    const otherRecording = await clip(keys.clipper, { event_media_id: paid.asset })
    expect(otherRecording).toMatchObject({ status: 422, body: { message: clipMessages.unknownRecording } })
    expect(await ctx.db.kysely.selectFrom('clips').selectAll().execute()).toHaveLength(0)
  })

  it("queues a clip, lists it as the viewer's, and counts it", async () => {
    const res = await clip(keys.clipper, { start_time: 12.5, duration: 10 })
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({
      status: 'queued',
      name: 'Great shot',
      tags: [tag],
      start_time: 12.5,
      duration: 10,
      event_id: free.id,
      event_media_id: free.asset,
      poster: null,
    })
    expect(res.body.data.uuid).toMatch(/^[0-9a-f-]{36}$/)
    const job = await ctx.db.kysely.selectFrom('jobs').selectAll().where('kind', '=', 'clips.cut').executeTakeFirst()
    // The cut as the service decided it: the 720p rendition (listed second), the range; the job reads nothing else.
    expect(JSON.parse(job?.payload as string)).toEqual({
      clipId: res.body.data.id,
      playlist: `assets/${free.asset}/720p/index.m3u8`,
      startSec: 12.5,
      durationSec: 10,
    })
    const second = (await clip(keys.clipper, { name: 'Later one' })).body.data
    const mine = await json('/api/clips/user?limit=1', keys.clipper)
    expect(mine.body.meta).toEqual({ total: 2, offset: 0, limit: 1 })
    expect(mine.body.data.map((c: { id: number }) => c.id)).toEqual([second.id])
    expect((await json('/api/clips/user', keys.other)).body.data).toEqual([])
    expect((await json('/api/clips/user', anon)).status).toBe(401)
    expect((await json('/api/user/access', keys.clipper)).body.data.featureCount).toEqual({ clips: 2, downloads: 0 })
  })

  it("keeps clips to the channel's limit per hour, and tells the web its longest clip", async () => {
    expect((await json('/api/settings', anon)).body.data.clips).toEqual({ max_duration_sec: 120, min_duration_sec: 1 })
    await setLimits({ per_user_per_hour: 2, max_duration_sec: 5 })
    try {
      expect((await json('/api/settings', anon)).body.data.clips).toEqual({ max_duration_sec: 5, min_duration_sec: 1 })
      expect(await clip(keys.clipper, { duration: 6 })).toMatchObject({
        status: 422,
        body: { message: clipMessages.tooLong(5) },
      })
      expect(await clip(keys.clipper, { duration: 5 })).toMatchObject({
        status: 429,
        body: { message: clipMessages.tooMany },
      })
    } finally {
      await setLimits(undefined)
    }
  })

  it('shares a ready clip by its id and uuid only, with signed HLS and MP4 anyone can play', async () => {
    const made = (await clip(keys.clipper, { name: 'Shared one' })).body.data
    const pending = await json(`/api/shared-clip/${made.id}?uuid=${made.uuid}`, anon)
    expect(pending).toMatchObject({ status: 200, body: { data: { status: 'queued', hls: null, mp4: null } } })
    await makeReady(made)
    expect((await json(`/api/shared-clip/${made.id}`, anon)).status).toBe(404)
    expect(
      (await json(`/api/shared-clip/${made.id}?uuid=${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}`, anon)).status,
    ).toBe(404)
    expect((await json(`/api/shared-clip/${made.id}?uuid=${made.uuid}`, keys.foreign)).status).toBe(404)
    const shared = (await json(`/api/shared-clip/${made.id}?uuid=${made.uuid}`, anon)).body.data
    expect(shared).toMatchObject({ id: made.id, status: 'ready', channel_name: 'Fieldhouse Demo' })
    const playlist = await ctx.request(shared.hls)
    expect(playlist.status).toBe(200)
    expect(await playlist.text()).toContain('seg_00000.ts')
    expect((await ctx.request(shared.hls.replace('index.m3u8', 'seg_00000.ts'))).status).toBe(200)
    const mp4 = await ctx.request(shared.mp4)
    expect(Buffer.from(await mp4.arrayBuffer()).equals(MP4)).toBe(true)
    expect((await ctx.request(shared.poster)).headers.get('content-type')).toBe('image/jpeg')
    // The token opens this clip only, and nothing of the recording it was cut from.
    const token = shared.hls.split('/')[3]
    expect((await ctx.request(`/media/c/${token}/${made.id + 1}-${made.uuid}/clip.mp4`)).status).toBe(404)
    expect((await ctx.request(`/media/c/${token}/${made.id}-${made.uuid}/download.mp4`)).status).toBe(404)
    expect(
      (await ctx.request(`/media/c/${token}/${made.id}-${made.uuid}/../../assets/${free.asset}/master.m3u8`)).status,
    ).toBe(404)
    expect(
      (await ctx.request(`/media/cp/${made.id}/${'f'.repeat(8)}-ffff-ffff-ffff-${'f'.repeat(12)}/poster.jpg`)).status,
    ).toBe(404)
  })

  it('lists ready clips by event, in the moments feed, and the events that have them', async () => {
    const ready = (await json('/api/clips/user', keys.clipper)).body.data.filter(
      (c: { status: string }) => c.status === 'ready',
    )
    expect(ready.length).toBeGreaterThan(0)
    const ofEvent = await json(`/api/clips/event/${free.id}`, anon)
    expect(ofEvent.body.data.map((c: { id: number }) => c.id)).toEqual(ready.map((c: { id: number }) => c.id))
    expect((await json(`/api/clips/event/${paid.id}`, anon)).body.data).toEqual([])
    expect((await json(`/api/clips/event/${free.id}`, keys.foreign)).status).toBe(404)
    const moments = await json(`/api/clips/moments?event_id=${free.id}`, anon)
    expect(moments.body.meta.total).toBe(ready.length)
    expect(moments.body.data[0].hls).toMatch(/^\/media\/c\//)
    expect((await json(`/api/clips/moments?event_id=${paid.id}`, anon)).body.data).toEqual([])
    expect((await json('/api/clips/moments', keys.foreign)).body.data).toEqual([])
    const withClip = await json('/api/events/with_clip', anon)
    expect(withClip.body.data.map((e: { id: number }) => e.id)).toEqual([free.id])
    const otherSport = await json(`/api/events/with_clip?participant_id=999999`, anon)
    expect(otherSport.body.data).toEqual([])
  })

  it('downloads for the owner with `download_clip` only, and counts clip and event downloads', async () => {
    const made = (await clip(keys.downloader, { name: 'Mine to keep' })).body.data
    await makeReady(made)
    expect(await json(`/api/clip/download/${made.id}`, keys.downloader)).toMatchObject({
      status: 403,
      body: { message: clipMessages.downloadClipNotAllowed },
    })
    expect((await json(`/api/clip/download/${made.id}`, keys.other)).status).toBe(404)
    expect((await json(`/api/clip/download/${made.id}`, keys.foreign)).status).toBe(404)
    const ownReady = (await json('/api/clips/user', keys.clipper)).body.data.find(
      (c: { status: string }) => c.status === 'ready',
    )
    const granted = await json(`/api/clip/download/${ownReady.id}`, keys.clipper)
    expect(granted.status).toBe(200)
    expect(Date.parse(granted.body.data.expires_at)).toBeGreaterThan(Date.now())
    const file = await ctx.request(granted.body.data.url)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="Shared-one.mp4"')
    expect(Buffer.from(await file.arrayBuffer()).equals(MP4)).toBe(true)
    // The download token opens the MP4 only.
    const token = granted.body.data.url.split('/')[3]
    expect((await ctx.request(`/media/c/${token}/${ownReady.id}-${ownReady.uuid}/hls/index.m3u8`)).status).toBe(404)
    const event = await json(`/api/download-event/${free.id}`, keys.clipper)
    expect(event).toMatchObject({ status: 200, body: { data: { status: 'ready' } } })
    const counts = (await json('/api/user/access', keys.clipper)).body.data.featureCount
    expect(counts.downloads).toBe(2)
  })

  it("retries only a failed clip of one's own", async () => {
    const made = (await clip(keys.other, { name: 'Try again' })).body.data
    expect(await json(`/api/clip/${made.id}/retry`, keys.other, { method: 'POST' })).toMatchObject({
      status: 409,
      body: { message: clipMessages.onlyFailedRetry },
    })
    await clipsRepo().update(made.id, { status: 'failed', failure_reason: messages.clipDurationTooLong })
    const listed = (await json('/api/clips/user', keys.other)).body.data.find((c: { id: number }) => c.id === made.id)
    expect(listed).toMatchObject({ status: 'failed', failure_reason: messages.clipDurationTooLong })
    expect((await json(`/api/clip/${made.id}/retry`, keys.clipper, { method: 'POST' })).status).toBe(404)
    const retried = await json(`/api/clip/${made.id}/retry`, keys.other, { method: 'POST' })
    expect(retried).toMatchObject({ status: 200, body: { data: { status: 'queued', failure_reason: null } } })
    const jobs = await ctx.db.kysely.selectFrom('jobs').select('payload').where('kind', '=', 'clips.cut').execute()
    expect(jobs.filter((j) => JSON.parse(j.payload).clipId === made.id).length).toBeGreaterThanOrEqual(1)
  })

  it("deletes one's own clip with its files; another user's or channel's is not found", async () => {
    const made = (await clip(keys.other, { name: 'Short lived' })).body.data
    await makeReady(made)
    expect((await store().list(clipKey(made))).length).toBe(4)
    expect((await json(`/api/clip/${made.id}`, keys.clipper, { method: 'DELETE' })).status).toBe(404)
    expect((await json(`/api/clip/${made.id}`, keys.foreign, { method: 'DELETE' })).status).toBe(404)
    expect((await json(`/api/clip/${made.id}`, anon, { method: 'DELETE' })).status).toBe(401)
    const gone = await json(`/api/clip/${made.id}`, keys.other, { method: 'DELETE' })
    expect(gone).toMatchObject({ status: 200, body: { data: { id: made.id } } })
    expect(await store().list(clipKey(made))).toEqual([])
    expect(await clipsRepo().find(made.id)).toBeUndefined()
    expect((await json(`/api/shared-clip/${made.id}?uuid=${made.uuid}`, anon)).status).toBe(404)
  })

  it("never gives a deleted clip's id, files or links to a new clip", async () => {
    const first = (await clip(keys.other, { name: 'Newest, then deleted' })).body.data
    await makeReady(first, Buffer.from([0xff, 0xd8, 0x01, 0xff, 0xd9]))
    const firstShared = (await json(`/api/shared-clip/${first.id}?uuid=${first.uuid}`, anon)).body.data
    expect((await ctx.request(firstShared.poster)).status).toBe(200)
    expect((await ctx.request(firstShared.mp4)).status).toBe(200)
    expect((await json(`/api/clip/${first.id}`, keys.other, { method: 'DELETE' })).status).toBe(200)

    const second = (await clip(keys.other, { name: 'Made next' })).body.data
    expect(second.id).toBeGreaterThan(first.id)
    await makeReady(second, Buffer.from([0xff, 0xd8, 0x02, 0xff, 0xd9]))
    const secondShared = (await json(`/api/shared-clip/${second.id}?uuid=${second.uuid}`, anon)).body.data
    expect(secondShared.poster).not.toBe(firstShared.poster)
    expect(secondShared.mp4).not.toBe(firstShared.mp4)
    // The deleted clip's poster and signed MP4 are gone; the new poster is the new clip's own.
    expect((await ctx.request(firstShared.poster)).status).toBe(404)
    expect((await ctx.request(firstShared.mp4)).status).toBe(404)
    const poster = await ctx.request(secondShared.poster)
    expect(poster.status).toBe(200)
    expect(Buffer.from(await poster.arrayBuffer())).toEqual(Buffer.from([0xff, 0xd8, 0x02, 0xff, 0xd9]))
    expect(await store().list(clipKey(first))).toEqual([])
  })

  it('gives the share page of a ready clip its preview tags, absolute and escaped', async () => {
    const made = (await clip(keys.clipper, { name: 'Dunk <script>alert("x")</script> & more' })).body.data
    const page = async (p: string) => (await ctx.request(p)).text()
    expect(await page(`/share/${made.id}/${made.uuid}`)).not.toContain('og:title')
    await makeReady(made)
    const html = await page(`/share/${made.id}/${made.uuid}`)
    expect(html).toContain(
      '<meta property="og:title" content="Dunk &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more',
    )
    expect(html).not.toContain('<script>alert')
    for (const tagName of ['og:image', 'og:video']) {
      expect(html).toContain(`<meta property="${tagName}" content="${ctx.baseUrl}/`)
    }
    expect(html).toContain('<meta property="og:type" content="video.other">')
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">')
    // The player's poster is asked for by the HTML: the very address the page's clip gives its <video>.
    const shared = (await json(`/api/shared-clip/${made.id}?uuid=${made.uuid}`, anon)).body.data
    expect(shared.poster).toBe(`/media/cp/${made.id}/${made.uuid}/poster.jpg`)
    expect(html).toContain(`<link rel="preload" as="image" href="${shared.poster}" fetchpriority="high">`)
    const video = /property="og:video" content="([^"]+)"/.exec(html)?.[1] as string
    expect((await ctx.request(video.replace(ctx.baseUrl, '').replace(/&amp;/g, '&'))).status).toBe(200)
    expect(await page(`/share/${made.id}/${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}`)).not.toContain('og:')
    expect(await page('/moments')).not.toContain('og:')
  })

  it("gives a clip named with a replacement pattern ($', $`, $&) its preview card, the app's page once", async () => {
    const made = (await clip(keys.clipper, { name: "Dunk $' $` $& end" })).body.data
    await makeReady(made)
    const html = await (await ctx.request(`/share/${made.id}/${made.uuid}`)).text()
    expect(html.match(/<\/head>/g)).toHaveLength(1)
    expect(html.match(/<div id="root">/g)).toHaveLength(1)
    expect(html).toContain('<meta property="og:title" content="Dunk $&#39; $` $&amp; end')
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">')
  })

  describe('with clips of paid games shared only with those who may watch them, and 1.5 clips of room each', () => {
    let paidClip: { id: number; uuid: string }
    let fan: string
    beforeAll(async () => {
      // `watch` opens every game: this viewer may cut the paid one.
      fan = await viewerKey(['watch', 'clipping'])
      const made = await clip(fan, {
        event_id: paid.id,
        event_media_id: paid.asset,
        name: 'Paid game shot',
        tags: ['Highlight'],
      })
      expect(made.status).toBe(201)
      paidClip = made.body.data
      await makeReady(paidClip)
      await setLimits({ share_public: false, storage_per_user_bytes: Math.floor(MP4.length * 1.5) })
    })
    afterAll(async () => {
      await setLimits(undefined)
    })

    it("refuses a paid game's shared clip to anyone who may not watch the game; the share page previews nothing", async () => {
      const link = `/api/shared-clip/${paidClip.id}?uuid=${paidClip.uuid}`
      expect(await json(link, anon)).toMatchObject({ status: 401, body: { message: messages.mustSignInToWatch } })
      expect(await json(link, keys.payless)).toMatchObject({ status: 403, body: { message: messages.noAccessToWatch } })
      const watcher = await json(link, keys.watcher)
      expect(watcher).toMatchObject({ status: 200, body: { data: { id: paidClip.id, status: 'ready' } } })
      expect(watcher.body.data.mp4).toMatch(/^\/media\/c\//)
      const html = await (await ctx.request(`/share/${paidClip.id}/${paidClip.uuid}`)).text()
      expect(html).toContain('<div id="root">')
      expect(html).not.toContain('og:')
      // Its poster is signed per viewer: nothing to preload for everyone.
      expect(html).not.toContain('rel="preload" as="image"')
      const feed = (await json('/api/clips/moments', anon)).body.data.map((c: { id: number }) => c.id)
      expect(feed).not.toContain(paidClip.id)
      // A free game's clip stays public.
      const freeOne = (await json('/api/clips/user', keys.clipper)).body.data.find(
        (c: { status: string }) => c.status === 'ready',
      )
      expect((await json(`/api/shared-clip/${freeOne.id}?uuid=${freeOne.uuid}`, anon)).status).toBe(200)
      expect(await (await ctx.request(`/share/${freeOne.id}/${freeOne.uuid}`)).text()).toContain('og:video')
    })

    it("lists a paid game's clips and serves their posters only to those who may watch it, and each owner their own", async () => {
      const listOf = async (key: string) =>
        (await json(`/api/clips/event/${paid.id}`, key)).body.data as { id: number; poster: string | null }[]
      expect((await listOf(anon)).map((c) => c.id)).not.toContain(paidClip.id)
      expect((await listOf(keys.payless)).map((c) => c.id)).not.toContain(paidClip.id)
      // The public poster address serves no private clip's poster, to anyone.
      expect((await ctx.request(`/media/cp/${paidClip.id}/${paidClip.uuid}/poster.jpg`)).status).toBe(404)

      // Who may watch the game sees the clip, with a signed poster that is served.
      const seen = (await listOf(keys.watcher)).find((c) => c.id === paidClip.id)
      expect(seen?.poster).toMatch(/^\/media\/c\/[^/]+\/\d+-[0-9a-f-]+\/poster\.jpg$/)
      expect((await ctx.request(seen?.poster as string)).status).toBe(200)
      // So does its owner, among their clips.
      const own = (await json('/api/clips/user', fan)).body.data.find((c: { id: number }) => c.id === paidClip.id)
      expect((await ctx.request(own.poster)).status).toBe(200)

      // A viewer who may not watch the game (any more) still finds their own clip of it, and only that.
      const user = await buildUser(ctx, { capabilities: ['clipping'], channelKey: 'demo' })
      const theirs = await buildClip(ctx, { channelId, userId: user.id, eventId: paid.id, name: 'Mine' })
      const key = await ctx.app.services.keys.issue(user.channel_id, user.id)
      expect((await listOf(key)).map((c) => c.id)).toEqual([theirs.id])

      // A free game's clips stay public, their posters too.
      const freeList = await json(`/api/clips/event/${free.id}`, anon)
      const open = freeList.body.data.find((c: { poster: string | null }) => c.poster !== null)
      expect(open.poster).toMatch(/^\/media\/cp\//)
      expect((await ctx.request(open.poster)).status).toBe(200)
    })

    it("refuses a new clip once the viewer's clips fill their room, and takes one again after a delete", async () => {
      const viewer = await viewerKey(['clipping'])
      const first = (await clip(viewer, { name: 'First' })).body.data
      await makeReady(first)
      // One ready clip is under the limit: a second is taken (it holds no bytes until it is cut).
      const second = (await clip(viewer, { name: 'Second' })).body.data
      expect(second.status).toBe('queued')
      await makeReady(second)
      const full = await clip(viewer, { name: 'Third' })
      expect(full).toMatchObject({
        status: 422,
        body: { message: clipMessages.storageFull, errors: { name: [clipMessages.storageFull] } },
      })
      const names = (await json('/api/clips/user', viewer)).body.data.map((c: { name: string }) => c.name)
      expect(names).toEqual(['Second', 'First'])
      expect((await json(`/api/clip/${first.id}`, viewer, { method: 'DELETE' })).status).toBe(200)
      expect(await clip(viewer, { name: 'Third' })).toMatchObject({ status: 201, body: { data: { name: 'Third' } } })
    })
  })
})
