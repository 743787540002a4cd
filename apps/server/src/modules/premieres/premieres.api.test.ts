import fs from 'node:fs'
import { Parser } from 'm3u8-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { schedulePremiere } from '../../cli-premieres.js'
import { DEMO_CHANNEL_KEY } from '../../db/seed.js'
import { Worker } from '../../jobs/worker.js'
import { ensureDemoPremiere } from '../../roles/demo.js'
import { createTestContext, type TestContext, testDatabases } from '../../test/context.js'
import { buildChannel } from '../../test/factories.js'
import { buildOperator } from '../../test/operators.js'
import { buildRecording } from '../../test/premieres.js'
import { ChannelRepository } from '../channel/channel.repository.js'

/** Parses playlist text with a real HLS parser (m3u8-parser, as video.js uses). */
function parse(text: string) {
  const parser = new Parser()
  parser.push(text)
  parser.end()
  return parser.manifest as {
    segments: { uri: string; duration: number; dateTimeString?: string }[]
    endList?: boolean
    playlistType?: string
    playlists?: { uri: string }[]
  }
}

/** Polls `fn` until it answers true, for at most 5 s. */
async function until(fn: () => Promise<boolean>) {
  const end = Date.now() + 5_000
  while (!(await fn())) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** Child processes of this process (Linux): a premiere must start none. */
const children = () =>
  fs
    .readdirSync('/proc/self/task')
    .flatMap((t) => fs.readFileSync(`/proc/self/task/${t}/children`, 'utf8').trim().split(/\s+/))
    .filter(Boolean)

describe.each(testDatabases())('premieres (%s)', (kind) => {
  let ctx: TestContext
  let now = Date.parse('2026-11-24T12:00:00Z')
  let owner: string
  let support: string
  let viewer: string
  let channelId: number
  const START = Date.parse('2026-11-24T13:00:00Z')

  beforeAll(async () => {
    ctx = await createTestContext(kind, { clock: () => now })
    const key = `prem-${kind}`
    channelId = await buildChannel(ctx, key)
    owner = (await buildOperator(ctx, key, 'owner')).key
    support = (await buildOperator(ctx, key, 'support')).key
    viewer = await ctx.apiKey(key)
  })
  afterAll(() => ctx.close())

  const channels = () => new ChannelRepository(ctx.db.kysely, ctx.db.dialect)
  const as = (key: string) => ({ authorization: `Bearer ${key}` })
  const createEvent = async () => {
    const body = {
      name: 'Tigers at Lions',
      access_mode: 'free',
      event_utc_ts: '2026-12-01T18:00:00Z',
      time_zone: 'UTC',
    }
    const res = await ctx.json('/api/admin/events', { method: 'POST', headers: as(owner), body })
    expect(res.status).toBe(201)
    return res.body.data.id as number
  }
  const libraryVideo = async () => {
    const body = { title: 'Season highlights', date: '2026-11-01' }
    const res = await ctx.json('/api/admin/vod-media-items', { method: 'POST', headers: as(owner), body })
    const id = res.body.data.id as number
    await buildRecording(ctx, channelId, { type: 'vod', id })
    return id
  }
  const detail = async (eventId: number) =>
    (await ctx.json(`/api/events/${eventId}`, { headers: as(viewer) })).body.data
  const text = async (url: string) => {
    const res = await ctx.request(url, { headers: as(viewer) })
    return { status: res.status, body: await res.text() }
  }

  it('schedules a library video as an event premiere for managers and owners only, with clear errors', async () => {
    const eventId = await createEvent()
    const vod = await libraryVideo()
    const body = { event_id: eventId, source_vod_media_item_id: vod, starts_at: new Date(START).toISOString() }
    expect((await ctx.request('/api/admin/premieres', { method: 'POST', headers: as(support), body })).status).toBe(403)
    const both = await ctx.json('/api/admin/premieres', {
      method: 'POST',
      headers: as(owner),
      body: { ...body, source_event_id: eventId },
    })
    expect(both.status).toBe(422)
    expect(both.body.errors.source_event_id).toEqual([
      'Choose the recording to premiere: an event with a replay or a library video.',
    ])
    const past = await ctx.json('/api/admin/premieres', {
      method: 'POST',
      headers: as(owner),
      body: { ...body, starts_at: '2026-11-24T10:00:00Z' },
    })
    expect(past.body.errors.starts_at).toEqual(['The start must not be in the past.'])
    const notReady = await ctx.json('/api/admin/premieres', {
      method: 'POST',
      headers: as(owner),
      body: { ...body, source_vod_media_item_id: undefined, source_event_id: eventId },
    })
    expect(notReady.body.errors.source_event_id).toEqual(['That recording is not ready to play yet.'])
    const made = await ctx.json('/api/admin/premieres', { method: 'POST', headers: as(owner), body })
    expect(made.status).toBe(201)
    expect(made.body.data).toMatchObject({ event_id: eventId, status: 'upcoming', duration: 7.5 })
    expect(made.body.data.ends_at).toBe('2026-11-24T13:00:07.500Z')
    expect((await ctx.request('/api/admin/premieres', { headers: as(support) })).status).toBe(403)
    const list = await ctx.json('/api/admin/premieres', { headers: as(owner) })
    expect(list.body.data.map((p: { id: number }) => p.id)).toContain(made.body.data.id)
  })

  it('takes the api key in the JSON body, as every console write does', async () => {
    now = Date.parse('2026-11-24T12:00:00Z')
    const eventId = await createEvent()
    const vod = await libraryVideo()
    const body = { event_id: eventId, source_vod_media_item_id: vod, starts_at: new Date(START).toISOString() }
    const made = await ctx.json('/api/admin/premieres', { method: 'POST', body: { ...body, api_key: owner } })
    expect(made).toMatchObject({ status: 201, body: { data: { event_id: eventId, status: 'upcoming' } } })
    // The key in the body is the operator's as it is in the header: support is still refused.
    const refused = await ctx.json('/api/admin/premieres', { method: 'POST', body: { ...body, api_key: support } })
    expect(refused.status).toBe(403)
    const listed = await ctx.json('/api/admin/premieres', { headers: as(owner) })
    expect(listed.body.data.filter((p: { event_id: number }) => p.event_id === eventId)).toHaveLength(1)
  })

  it("lists a premiere repeating every few seconds (the demo's) with its fractional minutes, and what it shows", async () => {
    now = Date.parse('2026-11-24T12:00:00Z')
    const eventId = await createEvent()
    const vod = await libraryVideo()
    // The demo's repeat is set in seconds: 10 s back to back with a 7.5 s recording.
    const placed = await ctx.container
      .premieres()
      .place(
        channelId,
        { event_id: eventId, source_vod_media_item_id: vod, starts_at: new Date(START).toISOString() },
        10_000,
        null,
        true,
      )
    expect(placed.repeat_every_minutes).toBeCloseTo(10 / 60, 6)
    const list = await ctx.json('/api/admin/premieres', { headers: as(owner) })
    expect(list.status).toBe(200)
    const row = list.body.data.find((p: { id: number }) => p.id === placed.id)
    expect(row.repeat_every_minutes).toBeCloseTo(10 / 60, 6)
    expect(row).toMatchObject({
      event_id: eventId,
      event_name: 'Tigers at Lions',
      status: 'upcoming',
      source: { type: 'vod', id: vod, name: 'Season highlights' },
    })
    // Scheduling still takes whole minutes, with the field named.
    const fraction = await ctx.json('/api/admin/premieres', {
      method: 'POST',
      headers: as(owner),
      body: {
        event_id: eventId,
        source_vod_media_item_id: vod,
        starts_at: new Date(START).toISOString(),
        repeat_every_minutes: 0.5,
      },
    })
    expect(fraction.status).toBe(422)
    expect(fraction.body.errors.repeat_every_minutes).toHaveLength(1)
    expect((await ctx.json('/api/admin/premieres', { headers: as(owner) })).body.data).toContainEqual(
      expect.objectContaining({ id: placed.id, starts_at: new Date(START).toISOString() }),
    )
  })

  it("offers the channel's ready recordings to premiere, an event's replay named as the event", async () => {
    now = Date.parse('2026-11-24T12:00:00Z')
    const eventId = await createEvent()
    const vod = await libraryVideo()
    const replayOf = await createEvent()
    await buildRecording(ctx, channelId, { type: 'event', id: replayOf })
    const res = await ctx.json('/api/admin/premieres/sources', { headers: as(owner) })
    expect(res.status).toBe(200)
    expect(res.body.data).toContainEqual({ type: 'vod', id: vod, name: 'Season highlights', duration: 8 })
    expect(res.body.data).toContainEqual({ type: 'event', id: replayOf, name: 'Tigers at Lions', duration: 8 })
    // An event without a recording is not offered.
    expect(res.body.data).not.toContainEqual(expect.objectContaining({ type: 'event', id: eventId }))
    expect((await ctx.request('/api/admin/premieres/sources', { headers: as(support) })).status).toBe(403)
    // Scheduled from it, the premiere says whose replay it shows.
    const body = { event_id: eventId, source_event_id: replayOf, starts_at: new Date(START).toISOString() }
    const made = await ctx.json('/api/admin/premieres', { method: 'POST', headers: as(owner), body })
    expect(made.status).toBe(201)
    expect(made.body.data.source).toEqual({ type: 'event', id: replayOf, name: 'Tigers at Lions' })
    expect(made.body.data.repeat_every_minutes).toBeNull()
  })

  it('is upcoming before the start, live in step from it, a replay after; the playlist never lists what has not aired', async () => {
    now = Date.parse('2026-11-24T12:00:00Z')
    const eventId = await createEvent()
    const vod = await libraryVideo()
    const body = { event_id: eventId, source_vod_media_item_id: vod, starts_at: new Date(START).toISOString() }
    const { id } = (await ctx.json('/api/admin/premieres', { method: 'POST', headers: as(owner), body })).body.data

    // Before: upcoming with its countdown, nothing to play; no go-live alert yet.
    const goLiveAlerts = () =>
      ctx.db.kysely.selectFrom('jobs').select('id').where('dedupe_key', '=', `alerts:go_live:${eventId}`).execute()
    expect(await goLiveAlerts()).toHaveLength(0)
    let d = await detail(eventId)
    expect(d).toMatchObject({ stream_status: 'upcoming', media_status: 'none', playback: null })
    expect(d.event_utc_ts).toBe('2026-11-24T13:00:00.000Z')
    const coming = await ctx.json('/api/premieres', { headers: as(viewer) })
    expect(coming.body.data.find((p: { id: number }) => p.id === id)).toMatchObject({ status: 'upcoming' })

    // At the start: live for everyone, through /media/l/.
    now = START
    await ctx.container.premieres().settle()
    d = await detail(eventId)
    expect(d.stream_status).toBe('live')
    expect(d.media_status).toBe('live')
    // Its followers are told it is live (decision 0056), once.
    expect(await goLiveAlerts()).toHaveLength(1)
    await ctx.container.premieres().settle()
    expect(await goLiveAlerts()).toHaveLength(1)
    expect(d.playback.live).toBe(true)
    expect(d.playback.thumbnails).toBeNull()
    expect(d.playback.hls).toMatch(new RegExp(`^/media/l/[^/]+/${id}/master.m3u8$`))
    const master = parse((await text(d.playback.hls)).body)
    const variant = d.playback.hls.replace('master.m3u8', master.playlists?.[0]?.uri as string)
    const base = variant.replace('index.m3u8', '')
    let m = parse((await text(variant)).body)
    expect(m.segments).toEqual([])
    expect(m.playlistType).toBe('EVENT')
    expect((await text(`${base}seg_00000.ts`)).status).toBe(404)

    // Across: each segment once it has aired, from the first (DVR), never one after now.
    now = START + 4_100
    m = parse((await text(variant)).body)
    expect(m.segments.map((s) => s.uri)).toEqual(['seg_00000.ts', 'seg_00001.ts'])
    expect(m.segments[0]?.dateTimeString).toBe('2026-11-24T13:00:00.000Z')
    expect(m.endList).toBeFalsy()
    expect((await text(`${base}seg_00001.ts`)).status).toBe(200)
    expect((await text(`${base}seg_00002.ts`)).status).toBe(404)
    expect((await text(`${base}../../${id}/360p/seg_00003.ts`)).status).toBe(404)
    expect((await text(d.playback.hls.replace('master.m3u8', 'download.mp4'))).status).toBe(404)

    // At the end: the whole recording, closed; then the event is an ordinary replay.
    now = START + 7_500
    m = parse((await text(variant)).body)
    expect(m.segments).toHaveLength(4)
    expect(m.endList).toBe(true)
    await ctx.container.premieres().settle()
    d = await detail(eventId)
    expect(d.stream_status).toBe('vod')
    expect(d.playback.live).toBe(false)
    expect(d.playback.hls).toMatch(/^\/media\/p\//)
    expect((await ctx.json('/api/premieres', { headers: as(viewer) })).body.data).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ id })]),
    )
  })

  it('turns live at its time through the scheduled settling job, which a placed premiere brings forward', async () => {
    const { queue } = ctx.app.services
    now = START - 1_000
    // A worker running only the settling job, whose poll alone would come a minute late.
    const worker = new Worker({
      queue,
      handlers: { 'premieres.settle': ctx.container.jobs.handlers['premieres.settle'] },
      concurrency: 1,
      log: ctx.container.log,
      pollMs: 60_000,
    })
    await queue.schedule('premieres.settle')
    worker.start()
    try {
      await until(async () => (await queue.latestByKey('schedule:premieres.settle'))?.status === 'queued')
      const eventId = await createEvent()
      const vod = await libraryVideo()
      const body = { event_id: eventId, source_vod_media_item_id: vod, starts_at: new Date(START).toISOString() }
      expect((await ctx.request('/api/admin/premieres', { method: 'POST', headers: as(owner), body })).status).toBe(201)
      // Placed a second before its start: the next settling is at its start, not 30 s on.
      expect((await queue.latestByKey('schedule:premieres.settle'))?.run_after).toBe(START)
      expect((await detail(eventId)).stream_status).toBe('upcoming')
      now = START
      await until(async () => (await detail(eventId)).stream_status === 'live')
      // Its end is the next change: the run after is due then.
      const next = await queue.latestByKey('schedule:premieres.settle')
      expect(next).toMatchObject({ status: 'queued' })
      expect(next?.run_after).toBeLessThanOrEqual(START + 30_000)
    } finally {
      await worker.stop()
      now = Date.parse('2026-11-24T12:00:00Z')
    }
  })

  it("refuses another premiere's or another channel's token", async () => {
    now = Date.parse('2026-11-24T12:00:00Z')
    const eventId = await createEvent()
    const vod = await libraryVideo()
    const body = { event_id: eventId, source_vod_media_item_id: vod, starts_at: new Date(START).toISOString() }
    const { id } = (await ctx.json('/api/admin/premieres', { method: 'POST', headers: as(owner), body })).body.data
    now = START + 3_000
    const { hls } = (await detail(eventId)).playback
    expect((await text(hls)).status).toBe(200)
    expect((await text(hls.replace(`/${id}/`, `/${id + 1000}/`))).status).toBe(403)
    await buildChannel(ctx, `prem-other-${kind}`)
    const stranger = await ctx.apiKey(`prem-other-${kind}`)
    expect((await ctx.json(`/api/events/${eventId}`, { headers: as(stranger) })).status).toBe(404)
    // Called off during its showing: the event is a replay at once.
    expect((await ctx.request(`/api/admin/premieres/${id}`, { method: 'DELETE', headers: as(owner) })).status).toBe(204)
    expect((await detail(eventId)).stream_status).toBe('vod')
  })

  it('is scheduled from the command line too, with the same checks', async () => {
    const eventId = await createEvent()
    const vod = await libraryVideo()
    const lines: string[] = []
    const cli = (...args: string[]) =>
      schedulePremiere([...args, '--channel', `prem-${kind}`], {
        config: ctx.config,
        db: ctx.db,
        channels: channels(),
        out: (l) => lines.push(l),
      })
    const at = new Date(Date.now() + 3_600_000).toISOString()
    expect(await cli(String(eventId), '--at', at)).toBe(2)
    expect(lines.join('\n')).toContain('Choose the recording to premiere')
    lines.length = 0
    expect(await cli(String(eventId), '--source-vod', String(vod), '--at', at, '--repeat-minutes', '30')).toBe(0)
    expect(lines.join('\n')).toMatch(/^Premiere of Tigers at Lions: .+, again every 30 min$/)
    lines.length = 0
    expect(await cli('999999', '--source-vod', String(vod), '--at', at)).toBe(1)
    expect(lines).toEqual([`No event 999999 on prem-${kind}.`])
  })

  it('the demo channel premieres a finished free game once its replay is encoded, and repeats it', async () => {
    now = Date.parse('2026-11-24T12:00:00Z')
    const demoKey = await ctx.apiKey(DEMO_CHANNEL_KEY)
    const replays = await ctx.json('/api/events?stream_status=vod&no_limit=1', { headers: as(demoKey) })
    const free = (replays.body.data as { id: number; type: string }[]).find((e) => e.type === 'free')
    const demoChannel = (await ctx.container.demo.channelId(DEMO_CHANNEL_KEY)) as number
    const stop = ensureDemoPremiere(ctx.container)
    try {
      // Nothing to show yet: no premiere until the replay is encoded.
      expect((await ctx.json('/api/premieres', { headers: as(demoKey) })).body.data).toEqual([])
      await buildRecording(ctx, demoChannel, { type: 'event', id: free?.id as number })
      let list: { status: string; starts_at: string; event: { id: number } }[] = []
      for (let i = 0; i < 100 && list.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 100))
        list = (await ctx.json('/api/premieres', { headers: as(demoKey) })).body.data
      }
      expect(list).toHaveLength(1)
      expect(list[0]?.status).toBe('upcoming')
      expect(list[0]?.starts_at).toBe(new Date(now + ctx.config.DEMO_PREMIERE_DELAY_S * 1000).toISOString())
      // Long after: it is showing again, or about to.
      now += 7 * 86_400_000
      const again = (await ctx.json('/api/premieres', { headers: as(demoKey) })).body.data
      expect(again).toHaveLength(1)
      expect(Date.parse(again[0].starts_at)).toBeGreaterThan(now - 60_000)
    } finally {
      await stop()
    }
  })

  it('runs ten premieres on no process of their own', async () => {
    now = Date.parse('2026-11-24T12:00:00Z')
    const variants: string[] = []
    const ids: number[] = []
    for (let i = 0; i < 10; i++) {
      const eventId = await createEvent()
      const vod = await libraryVideo()
      const body = { event_id: eventId, source_vod_media_item_id: vod, starts_at: new Date(START).toISOString() }
      expect((await ctx.request('/api/admin/premieres', { method: 'POST', headers: as(owner), body })).status).toBe(201)
      ids.push(eventId)
    }
    now = START + 5_000
    for (const eventId of ids) {
      const { hls } = (await detail(eventId)).playback
      variants.push(hls.replace('master.m3u8', '360p/index.m3u8'))
    }
    const before = children()
    const cpu = process.cpuUsage()
    // Every viewer's player reloads the playlist about once a segment: 10 premieres × 30 reloads.
    for (let round = 0; round < 30; round++) {
      now += 250
      const answers = await Promise.all(variants.map((v) => text(v)))
      for (const a of answers) expect(a.status).toBe(200)
    }
    const used = process.cpuUsage(cpu)
    expect(children()).toEqual(before)
    // Reported, not asserted (no timing assertions): bench/ holds the ratio.
    console.info(`ten premieres, 300 playlist reloads: ${Math.round((used.user + used.system) / 1000)} ms of CPU`)
  })
})
