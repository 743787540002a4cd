import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext, testDatabases } from '../../test/context.js'
import { buildChannel } from '../../test/factories.js'
import { buildOperator } from '../../test/operators.js'

/**
 * Key plays through the HTTP layer on both databases (decision 0058), for a game with no recording yet
 * (its clips are cut once there is one: `key-plays.live.api.test.ts` and `reels.live.api.test.ts` cut
 * them from a real live stream): what makes one and what undoes it, the score at its moment, the
 * channel's setting that makes every score one, the viewers' list, the console's calls and their gates.
 */
describe.each(testDatabases())('key plays on %s', (kind) => {
  let ctx: TestContext
  const channelKey = `plays-${kind}`
  let channelId: number
  let otherKey: string
  let scorer: string
  let support: string
  let viewer: string
  let basketball: number
  const as = (key: string) => ({ headers: { authorization: `Bearer ${key}` } })

  async function game(name: string) {
    return ctx.app.services.catalogAdmin.saveEvent(channelId, null, {
      name,
      access_mode: 'free',
      event_utc_ts: new Date(Date.now() - 10 * 60_000).toISOString(),
      time_zone: 'UTC',
      event_category_id: basketball,
      base_price: 0,
    })
  }
  const act = (a: Record<string, unknown>) => ({ id: randomUUID(), at: Date.now(), ...a })
  const record = (eventId: number, actions: unknown[]) =>
    ctx.json(`/api/admin/scores/${eventId}/actions`, {
      method: 'POST',
      body: { sent_at: Date.now(), actions },
      ...as(scorer),
    })
  const plays = async (eventId: number, key = viewer) =>
    (await ctx.json(`/api/events/${eventId}/key-plays?api_key=${key}`)).body.data

  beforeAll(async () => {
    ctx = await createTestContext(kind)
    channelId = await buildChannel(ctx, channelKey, { name: 'County League' })
    await buildChannel(ctx, `plays-other-${kind}`)
    basketball = await ctx.app.services.catalogAdmin.createCategory(channelId, {
      name: 'Basketball',
      alias: 'basketball',
    })
    await ctx.db.kysely
      .insertInto('clip_tags')
      .values({ channel_id: channelId, event_category_id: null, name: 'Dunk', position: 0 })
      .execute()
    scorer = (await buildOperator(ctx, channelKey, 'scorer')).key
    support = (await buildOperator(ctx, channelKey, 'support')).key
    otherKey = (await buildOperator(ctx, `plays-other-${kind}`, 'owner')).key
    viewer = await ctx.apiKey(channelKey)
  })
  afterAll(() => ctx?.close())

  it('makes a key play of a tag at its moment with the score then, once however often it is sent; an undo takes it away', async () => {
    const eventId = await game('Owls v Jays')
    const three = act({ type: 'score', side: 'home', scoring: 'three' })
    const dunk = act({ type: 'tag', tag: 'dunk', side: 'home' })
    const sent = await record(eventId, [three, dunk])
    expect(sent.status).toBe(200)
    await record(eventId, [three, dunk])
    const moment = sent.body.data.timeline.actions.find((a: { id: string }) => a.id === dunk.id).t
    const list = await plays(eventId)
    expect(list).toEqual({
      reel: null,
      key_plays: [
        {
          ...{ id: expect.any(Number), event_id: eventId, t: moment, position: null, label: 'Dunk', tag: 'Dunk' },
          ...{
            side: 'home',
            score: { home: 3, away: 0, period: 0 },
            before: 10,
            after: 5,
            status: 'waiting',
            clip: null,
          },
        },
      ],
    })
    // A score alone makes none (the channel's setting is off), and the tag taken back leaves none.
    await record(eventId, [act({ type: 'score', side: 'away', scoring: 'two' })])
    expect((await plays(eventId)).key_plays).toHaveLength(1)
    await record(eventId, [act({ type: 'undo', target: dunk.id })])
    expect((await plays(eventId)).key_plays).toEqual([])
  })

  it('makes every score a key play when the channel says so, labelled by the team', async () => {
    const settings = await ctx.db.kysely
      .selectFrom('channels')
      .select('settings')
      .where('id', '=', channelId)
      .executeTakeFirstOrThrow()
    const next = { ...JSON.parse(settings.settings), clips: { score_key_plays: true } }
    await ctx.db.kysely
      .updateTable('channels')
      .set({ settings: JSON.stringify(next) })
      .where('id', '=', channelId)
      .execute()
    const eventId = await game('Owls v Hawks')
    await record(eventId, [act({ type: 'score', side: 'home', scoring: 'free_throw' })])
    const [play] = (await plays(eventId)).key_plays
    expect(play).toMatchObject({ label: 'Home +1', side: 'home', score: { home: 1, away: 0 } })
    await ctx.db.kysely
      .updateTable('channels')
      .set({ settings: settings.settings })
      .where('id', '=', channelId)
      .execute()
  })

  it('lets who keeps score move a window or remove a key play on its channel only; support reads', async () => {
    const eventId = await game('Owls v Bears')
    await record(eventId, [act({ type: 'tag', tag: 'Dunk' })])
    const [play] = (await plays(eventId)).key_plays
    const move = (key: string, body: unknown, id = play.id) =>
      ctx.json(`/api/admin/key-plays/${id}`, { method: 'PATCH', body, ...as(key) })
    expect((await move(scorer, { before: 3, after: 2 })).body.data).toMatchObject({ id: play.id, before: 3, after: 2 })
    expect((await plays(eventId)).key_plays[0]).toMatchObject({ before: 3, after: 2 })
    const bad = await move(scorer, { before: 0, after: 0.5 })
    expect(bad.status).toBe(422)
    expect(bad.body.errors.after).toEqual(['A key play’s clip is at least a second long'])
    expect((await move(support, { before: 3, after: 3 })).status).toBe(403)
    expect((await move(otherKey, { before: 3, after: 3 })).status).toBe(404)
    const recent = (await ctx.json('/api/admin/key-plays', as(support))).body.data
    expect(recent.map((p: { id: number; event_name: string }) => [p.id, p.event_name])).toContainEqual([
      play.id,
      'Owls v Bears',
    ])
    expect((await ctx.json('/api/admin/key-plays', as(otherKey))).body.data).toEqual([])
    expect((await ctx.json(`/api/admin/key-plays/${play.id}`, { method: 'DELETE', ...as(otherKey) })).status).toBe(404)
    expect((await ctx.json(`/api/admin/key-plays/${play.id}`, { method: 'DELETE', ...as(scorer) })).status).toBe(204)
    expect((await plays(eventId)).key_plays).toEqual([])
  })

  it("never shows another channel's game's key plays", async () => {
    const eventId = await game('Owls v Wolves')
    const other = await ctx.apiKey(`plays-other-${kind}`)
    expect((await ctx.json(`/api/events/${eventId}/key-plays?api_key=${other}`)).status).toBe(404)
  })
})
