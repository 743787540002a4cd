import { Parser } from 'm3u8-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Roles, startRoles } from '../../roles.js'
import type { TestContext } from '../../test/context.js'
import { publishFeed, startLiveSuite, until } from '../../test/live.js'

const parse = (text: string) => {
  const parser = new Parser()
  parser.push(text)
  parser.end()
  return parser.manifest as {
    segments: { duration: number; uri: string; programDateTime?: number }[]
    endList?: boolean
    playlistType?: string
  }
}

/**
 * Live through the real path: ffmpeg publishes a generated feed over RTMP to the ingest role, which
 * turns it into HLS; the event goes live, its playlist grows with program-date-time tags, and when the
 * stream stops the playlist ends and the event becomes a replay. SQLite only: the database plays no
 * part beyond what the other suites cover, and each run costs real encoding time.
 */
describe('live ingest over RTMP', () => {
  let ctx: TestContext
  let roles: Roles
  let rtmp: string
  let event: { id: number; stream_key: string }
  let key: string

  beforeAll(async () => {
    ;({ ctx, roles, rtmp, event } = await startLiveSuite())
    key = await ctx.apiKey()
  })
  afterAll(async () => {
    await roles?.stop()
    await ctx?.close()
  })

  const detail = async () => (await ctx.json(`/api/events/${event.id}?api_key=${key}`)).body.data
  const feed = (streamKey: string, seconds: number) => publishFeed(`${rtmp}/${streamKey}`, seconds)

  it('refuses a stream key that opens no event', async () => {
    const publisher = feed('not-a-real-stream-key-at-all', 4)
    // The server hangs up on it: the encoder fails instead of streaming its four seconds to the end.
    const outcome = await publisher.done.then(
      () => 'streamed to the end',
      (e: Error) => e.name,
    )
    expect(outcome).toBe('FfmpegError')
    const assets = await ctx.db.kysely.selectFrom('media_assets').selectAll().execute()
    expect(assets).toHaveLength(0)
    expect((await detail()).stream_status).toBe('upcoming')
  })

  it('publishing makes the event live with a growing DVR playlist; stopping makes it a replay', async () => {
    const publisher = feed(event.stream_key, 8)
    const live = await until(async () => {
      const d = await detail()
      return d.stream_status === 'live' && d.playback ? d : null
    }, 'the event to go live')
    expect(live).toMatchObject({ media_status: 'live', playback: { live: true } })

    const variantUrl = live.playback.hls.replace(/master\.m3u8$/, 'source/index.m3u8')
    const first = await until(async () => {
      const res = await ctx.request(variantUrl)
      if (res.status !== 200) return null
      const playlist = parse(await res.text())
      return playlist.segments.length >= 1 ? playlist : null
    }, 'a first segment')
    expect(first.playlistType).toBe('EVENT')
    expect(first.endList).toBeFalsy()
    expect(first.segments[0]?.programDateTime).toBeGreaterThan(0)
    const grown = await until(async () => {
      const playlist = parse(await (await ctx.request(variantUrl)).text())
      return playlist.segments.length > first.segments.length ? playlist : null
    }, 'the playlist to grow')
    // DVR: the first segment is still listed.
    expect(grown.segments[0]?.uri).toBe(first.segments[0]?.uri)

    // Blocking playlist reloads: asked for the playlist that lists the next segment, the server answers
    // once the segment is written; a segment further off than two is a bad request.
    const now = await (await ctx.request(variantUrl)).text()
    expect(now).toContain('#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES')
    const sequence = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(now)?.[1] ?? 0)
    const last = sequence + parse(now).segments.length - 1
    const next = await ctx.request(`${variantUrl}?_HLS_msn=${last + 1}`)
    expect(next.status).toBe(200)
    expect(next.headers.get('cache-control')).toContain('no-store')
    expect(parse(await next.text()).segments.length).toBeGreaterThan(last + 1 - sequence)
    expect((await ctx.request(`${variantUrl}?_HLS_msn=${last + 9}`)).status).toBe(400)
    expect((await ctx.request(`${variantUrl}?_HLS_msn=next`)).status).toBe(400)

    await publisher.done
    const replay = await until(async () => {
      const d = await detail()
      return d.stream_status === 'vod' && d.media_status === 'ready' ? d : null
    }, 'the event to become a replay')
    expect(replay.playback.live).toBe(false)
    const ended = parse(
      await (await ctx.request(replay.playback.hls.replace(/master\.m3u8$/, 'source/index.m3u8'))).text(),
    )
    expect(ended.endList).toBe(true)
    const recorded = ended.segments.reduce((sum, s) => sum + s.duration, 0)
    expect(recorded).toBeGreaterThan(5)
    expect(recorded).toBeLessThan(10)
    expect(ended.segments[0]?.uri).toBe(first.segments[0]?.uri)

    // The worker makes the replay's poster and seek thumbnails from the recording.
    const finished = await until(async () => {
      const d = await detail()
      return d.poster && d.playback?.thumbnails ? d : null
    }, 'the poster and thumbnails')
    expect((await ctx.request(finished.poster)).headers.get('content-type')).toBe('image/jpeg')
    const vtt = await (await ctx.request(finished.playback.thumbnails)).text()
    expect(vtt).toMatch(/^WEBVTT/)
    expect(vtt).toContain('sprite.jpg#xywh=0,0,')
  })

  it('a restart while live loses nothing: the encoder reconnects and the recording goes on', async () => {
    const row = await ctx.db.kysely
      .selectFrom('events')
      .select(['id', 'stream_key'])
      .where('stream_status', '=', 'upcoming')
      .where('access_mode', '=', 'free')
      .where('id', '!=', event.id)
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const other = { id: row.id, key: row.stream_key as string }
    const view = async () => (await ctx.json(`/api/events/${other.id}?api_key=${key}`)).body.data
    const before = feed(other.key, 30)
    const live = await until(async () => ((await view()).playback ? view() : null), 'the event to go live')
    const variantUrl = live.playback.hls.replace(/master\.m3u8$/, 'source/index.m3u8')
    const recorded = await until(async () => {
      const res = await ctx.request(variantUrl)
      const playlist = res.status === 200 ? parse(await res.text()) : null
      return playlist && playlist.segments.length >= 2 ? playlist : null
    }, 'two segments')

    // The server goes down mid-game (its encoder's connection with it), then comes back.
    await roles.stop()
    await before.done.catch(() => {})
    roles = await startRoles(ctx.container, { except: ['api'] })
    rtmp = `rtmp://127.0.0.1:${roles.rtmpPort}/live`
    expect((await view()).stream_status).toBe('live')

    await feed(other.key, 4).done
    const replay = await until(async () => {
      const d = await view()
      return d.stream_status === 'vod' && d.media_status === 'ready' ? d : null
    }, 'the replay')
    expect(replay.playback.hls.split('/')[4]).toBe(live.playback.hls.split('/')[4])
    const ended = parse(
      await (await ctx.request(replay.playback.hls.replace(/master\.m3u8$/, 'source/index.m3u8'))).text(),
    )
    expect(ended.endList).toBe(true)
    expect(ended.segments.slice(0, recorded.segments.length).map((s) => s.uri)).toEqual(
      recorded.segments.map((s) => s.uri),
    )
    expect(ended.segments.length).toBeGreaterThan(recorded.segments.length)
  })

  it('an event that is over refuses another publish', async () => {
    const publisher = feed(event.stream_key, 3)
    await publisher.done.catch(() => {})
    const assets = await ctx.db.kysely.selectFrom('media_assets').selectAll().where('owner_id', '=', event.id).execute()
    expect(assets).toHaveLength(1)
    expect((await detail()).stream_status).toBe('vod')
  })
})
