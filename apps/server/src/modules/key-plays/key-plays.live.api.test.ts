import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Roles } from '../../roles.js'
import type { TestContext } from '../../test/context.js'
import { publishFeed, startLiveSuite, until } from '../../test/live.js'
import { buildOperator } from '../../test/operators.js'

/**
 * Key plays of a live game (decision 0058): a scorer's tag becomes a key play at its moment, its official
 * clip is cut from the live recording once the recording holds the window's last second, and lists on
 * /moments as the channel's; the producer moves the window and it is cut again; an undo takes it away.
 * SQLite only; real RTMP, real cuts.
 */
describe('key plays of a live game', () => {
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

  const keyPlays = async () => (await ctx.json(`/api/events/${event.id}/key-plays?api_key=${viewer}`)).body.data
  const record = (actions: unknown[]) =>
    ctx.json(`/api/admin/scores/${event.id}/actions`, {
      method: 'POST',
      body: { sent_at: Date.now(), actions },
      ...as(scorer),
    })

  it('cuts a tagged moment’s clip from the live recording, lists it as the channel’s, recuts a moved window, and an undo takes it away', {
    timeout: 120_000,
  }, async () => {
    const feed = publishFeed(`rtmp://127.0.0.1:${roles.rtmpPort}/live/${event.stream_key}`, 45)
    try {
      await until(
        async () =>
          (await ctx.json(`/api/events/${event.id}?api_key=${viewer}`)).body.data?.clip_sources?.[0]?.duration >= 6,
        'six seconds of the live game',
        60_000,
      )
      // A shorter window than the sport's, so the test waits less: the producer's move comes later.
      const board = (await ctx.json(`/api/admin/scores/${event.id}`, as(scorer))).body.data
      expect(board.tags).toContain('Highlight')
      const three = {
        id: randomUUID(),
        at: Date.now(),
        type: 'score',
        side: 'home',
        scoring: board.game.sport === 'basketball' ? 'three' : 'point',
      }
      const tag = { id: randomUUID(), at: three.at, type: 'tag', tag: 'highlight', side: 'home' }
      const recorded = await record([three, tag])
      expect(recorded.status).toBe(200)
      const moment = (recorded.body.data.timeline.actions as { id: string; t: number }[]).find((a) => a.id === tag.id)
        ?.t as number

      // The key play is there at once, waiting for the recording; then its clip is cut and ready.
      const [waiting] = (await keyPlays()).key_plays
      expect(waiting).toMatchObject({ label: 'Highlight', tag: 'Highlight', side: 'home', t: moment, clip: null })
      expect(waiting.score.home).toBeGreaterThan(0)
      const ready = await until(
        async () => ((await keyPlays()).key_plays[0]?.status === 'ready' ? (await keyPlays()).key_plays[0] : null),
        'the key play’s clip',
        60_000,
      )
      expect(ready.position).toBeGreaterThan(0)
      expect(ready.clip.duration).toBeCloseTo(Math.min(ready.before, ready.position) + ready.after, 0)
      const shared = (await ctx.json(`/api/shared-clip/${ready.clip.id}?uuid=${ready.clip.uuid}&api_key=${viewer}`))
        .body.data
      expect(shared).toMatchObject({ official: true, status: 'ready', event_id: event.id })
      expect(
        Math.abs(shared.programme_start - (moment - (ready.position - ready.clip.start_time) * 1000)),
      ).toBeLessThan(1500)
      const moments = (await ctx.json(`/api/clips/moments?api_key=${viewer}`)).body.data as {
        id: number
        official: boolean
      }[]
      expect(moments.find((c) => c.id === ready.clip.id)?.official).toBe(true)

      // The producer moves the window: the same clip, cut again to it.
      const moved = await ctx.json(`/api/admin/key-plays/${ready.id}`, {
        method: 'PATCH',
        body: { before: 3, after: 2 },
        ...as(producer),
      })
      expect(moved.status).toBe(200)
      expect(
        (
          await ctx.json(`/api/admin/key-plays/${ready.id}`, {
            method: 'PATCH',
            body: { before: 3, after: 2 },
            ...as(viewer),
          })
        ).status,
      ).toBe(403)
      const recut = await until(
        async () => {
          const k = (await keyPlays()).key_plays[0]
          return k?.status === 'ready' && Math.abs(k.clip.duration - 5) < 0.6 ? k : null
        },
        'the recut clip',
        60_000,
      )
      expect(recut.clip.id).toBe(ready.clip.id)

      // The tag taken back: the key play and its clip are gone.
      expect((await record([{ id: randomUUID(), at: Date.now(), type: 'undo', target: tag.id }])).status).toBe(200)
      expect((await keyPlays()).key_plays).toEqual([])
      expect(
        (await ctx.json(`/api/shared-clip/${ready.clip.id}?uuid=${ready.clip.uuid}&api_key=${viewer}`)).status,
      ).toBe(404)
    } finally {
      await feed.stop()
    }
  })

  it('a premiere of the game’s recording shows the game’s score at the showing’s pictures', {
    timeout: 90_000,
  }, async () => {
    // The game is over (the feed above stopped): its recording is the replay.
    const replay = await until(
      async () => {
        const d = (await ctx.json(`/api/events/${event.id}?api_key=${viewer}`)).body.data
        return d?.stream_status === 'vod' && d.playback ? d : null
      },
      'the replay',
      60_000,
    )
    const variant = await (await ctx.request(replay.playback.hls.replace(/master\.m3u8$/, 'source/index.m3u8'))).text()
    const firstDate = Date.parse(/#EXT-X-PROGRAM-DATE-TIME:(\S+)/.exec(variant)?.[1] ?? '')
    const game = (await ctx.json(`/api/events/${event.id}/score?api_key=${viewer}`)).body.data
    const scored = game.actions.find((a: { type: string }) => a.type === 'score')
    expect(scored).toBeTruthy()

    const other = await ctx.db.kysely
      .selectFrom('events')
      .select(['id', 'channel_id'])
      .where('stream_status', '=', 'upcoming')
      .where('access_mode', '=', 'free')
      .where('id', '!=', event.id)
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const startsAt = Date.now() + 60_000
    await ctx.container
      .premieres()
      .place(
        other.channel_id,
        { event_id: other.id, source_event_id: event.id, starts_at: new Date(startsAt).toISOString() },
        null,
      )
    const shown = (await ctx.json(`/api/events/${other.id}/score?api_key=${viewer}`)).body.data
    expect(shown.event_id).toBe(other.id)
    expect(shown.home).toEqual(game.home)
    const mapped = shown.actions.find((a: { id: string }) => a.id === scored.id)
    // One continuous recording: the showing's clock is its start plus the moment's place in the recording.
    expect(Math.abs(mapped.t - (startsAt + (scored.t - firstDate)))).toBeLessThan(1100)
  })
})
