import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Roles } from '../../roles.js'
import type { TestContext } from '../../test/context.js'
import { publishFeed, startLiveSuite, until } from '../../test/live.js'
import { buildOperator } from '../../test/operators.js'

/**
 * The highlight reel of a live game (decision 0058): three tagged moments' clips cut from the live
 * recording, then the final joins them into a library video with a chapter per key play, which plays
 * through the library's signed playback and lists on /moments; an undone final leaves it, a second final
 * makes it again; a game without key plays has none. SQLite only; real RTMP, real cuts and joins.
 */
describe('the highlight reel of a live game', () => {
  let ctx: TestContext
  let roles: Roles
  let event: { id: number; stream_key: string }
  let scorer: string
  let producer: string
  let viewer: string
  const as = (key: string) => ({ headers: { authorization: `Bearer ${key}` } })

  beforeAll(async () => {
    ;({ ctx, roles, event } = await startLiveSuite())
    scorer = (await buildOperator(ctx, 'demo', 'scorer')).key
    producer = (await buildOperator(ctx, 'demo', 'producer')).key
    viewer = (await buildOperator(ctx, 'demo', 'support')).key
  })
  afterAll(async () => {
    await roles?.stop()
    await ctx?.close()
  })

  const keyPlays = async (id = event.id) => (await ctx.json(`/api/events/${id}/key-plays?api_key=${viewer}`)).body.data
  const record = (actions: unknown[], id = event.id) =>
    ctx.json(`/api/admin/scores/${id}/actions`, {
      method: 'POST',
      body: { sent_at: Date.now(), actions },
      ...as(scorer),
    })
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))

  it('joins the key plays’ clips into a library video with a chapter each, once the game is final', {
    timeout: 180_000,
  }, async () => {
    const feed = publishFeed(`rtmp://127.0.0.1:${roles.rtmpPort}/live/${event.stream_key}`, 40)
    try {
      await until(
        async () =>
          (await ctx.json(`/api/events/${event.id}?api_key=${viewer}`)).body.data?.clip_sources?.[0]?.duration >= 6,
        'six seconds of the live game',
        60_000,
      )
      const board = (await ctx.json(`/api/admin/scores/${event.id}`, as(scorer))).body.data
      const scoring = board.game.sport === 'basketball' ? 'three' : 'point'
      // Three tags a few seconds apart (a score between the first two), each with a short window.
      for (const [i, extra] of [[], [{ type: 'score', side: 'home', scoring }], []].entries()) {
        if (i > 0) await pause(3_000)
        const at = Date.now()
        const tag = { id: randomUUID(), at, type: 'tag', tag: 'highlight', side: 'home' }
        const actions = [...extra.map((a) => ({ id: randomUUID(), at: at - 100, ...a })), tag]
        expect((await record(actions)).status).toBe(200)
        const play = (await keyPlays()).key_plays.at(-1)
        const moved = await ctx.json(`/api/admin/key-plays/${play.id}`, {
          method: 'PATCH',
          body: { before: 2, after: 1 },
          ...as(producer),
        })
        expect(moved.status).toBe(200)
      }
      const plays = await until(
        async () => {
          const all = (await keyPlays()).key_plays
          return all.length === 3 && all.every((k: { status: string }) => k.status === 'ready') ? all : null
        },
        'the three key plays’ clips',
        90_000,
      )
      const clipSum = plays.reduce((n: number, k: { clip: { duration: number } }) => n + k.clip.duration, 0)

      const finalAt = Date.now()
      const final = { id: randomUUID(), at: finalAt, type: 'final' }
      expect((await record([final])).status).toBe(200)
      expect((await keyPlays()).reel).toMatchObject({
        event_id: event.id,
        status: expect.stringMatching(/waiting|making|ready/),
      })
      const reel = await until(
        async () => {
          const r = (await keyPlays()).reel
          if (r?.status === 'failed') {
            const row = await ctx.db.kysely
              .selectFrom('highlight_reels')
              .select('error')
              .where('event_id', '=', event.id)
              .executeTakeFirst()
            throw new Error(`the reel failed: ${row?.error}`)
          }
          return r?.status === 'ready' ? r : null
        },
        'the reel',
        60_000,
      )
      console.info(`final → reel ready: ${Date.now() - finalAt} ms (3 key plays, ${clipSum.toFixed(1)} s of clips)`)
      expect(reel.title).toMatch(/^Highlights: /)
      expect(reel.chapters.map((c: { title: string }) => c.title)).toEqual(
        plays.map(
          (k: { label: string; score: { home: number; away: number } }) =>
            `${k.label} — ${k.score.away}–${k.score.home}`,
        ),
      )
      expect(reel.chapters[0].start).toBe(0)
      expect(reel.chapters[1].start).toBeCloseTo(plays[0].clip.duration, 0)
      expect(Math.abs(reel.duration - clipSum)).toBeLessThan(0.5)

      // The library video plays through the library's signed playback: master, rendition, a segment.
      const vodId = reel.vod_media_item_id as number
      const item = (await ctx.json(`/api/vod-media-items/${vodId}?api_key=${viewer}`)).body.data
      expect(item).toMatchObject({ id: vodId, title: reel.title, type: 'free' })
      const playback = (await ctx.json(`/api/vod-media-items/${vodId}/playback?api_key=${viewer}`)).body.data
      const master = await ctx.request(playback.hls)
      expect(master.status).toBe(200)
      const masterText = await master.text()
      const variant = masterText.split('\n').find((l) => l && !l.startsWith('#')) as string
      const variantUrl = new URL(variant, `http://x${playback.hls}`).pathname
      const playlist = await (await ctx.request(variantUrl)).text()
      expect(playlist).toContain('#EXT-X-ENDLIST')
      const segment = playlist.split('\n').find((l) => l && !l.startsWith('#')) as string
      expect((await ctx.request(new URL(segment, `http://x${variantUrl}`).pathname)).status).toBe(200)

      // On /moments as the channel's official clip of the reel's library video.
      const moments = (await ctx.json(`/api/clips/moments?api_key=${viewer}`)).body.data as {
        vod_media_item_id: number | null
        official: boolean
        event_id: number | null
      }[]
      expect(moments.find((c) => c.vod_media_item_id === vodId)).toMatchObject({ official: true, event_id: event.id })

      // An undone final leaves the reel; a second final makes it again, as the same library video.
      expect((await record([{ id: randomUUID(), at: Date.now(), type: 'undo', target: final.id }])).status).toBe(200)
      expect((await keyPlays()).reel).toMatchObject({ status: 'ready', vod_media_item_id: vodId })
      expect((await record([{ id: randomUUID(), at: Date.now(), type: 'final' }])).status).toBe(200)
      expect((await keyPlays()).reel.status).not.toBe('ready')
      const again = await until(
        async () => ((await keyPlays()).reel?.status === 'ready' ? (await keyPlays()).reel : null),
        'the reel made again',
        60_000,
      )
      expect(again).toMatchObject({ vod_media_item_id: vodId, chapters: reel.chapters })
      const reelClips = (await ctx.json(`/api/clips/moments?api_key=${viewer}`)).body.data.filter(
        (c: { vod_media_item_id: number | null }) => c.vod_media_item_id === vodId,
      )
      expect(reelClips).toHaveLength(1)
    } finally {
      await feed.stop()
    }
  })

  it('makes no reel of a game without key plays', { timeout: 30_000 }, async () => {
    const other = await ctx.db.kysely
      .selectFrom('events')
      .select('id')
      .where(
        'channel_id',
        '=',
        (
          await ctx.db.kysely
            .selectFrom('events')
            .select('channel_id')
            .where('id', '=', event.id)
            .executeTakeFirstOrThrow()
        ).channel_id,
      )
      .where('id', '!=', event.id)
      .where('stream_status', '=', 'upcoming')
      .orderBy('id')
      .executeTakeFirstOrThrow()
    expect((await record([{ id: randomUUID(), at: Date.now(), type: 'final' }], other.id)).status).toBe(200)
    await pause(1_500)
    expect(await keyPlays(other.id)).toEqual({ key_plays: [], reel: null })
    const jobs = await ctx.db.kysely
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', 'reels.make')
      .where('payload', 'like', `%"eventId":${other.id},%`)
      .execute()
    expect(jobs).toEqual([])
  })
})
