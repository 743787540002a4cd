import { randomUUID } from 'node:crypto'
import { type OperatorRole, OperatorRoles } from '@fieldhouse/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext, testDatabases } from '../../test/context.js'
import { buildChannel } from '../../test/factories.js'
import { buildOperator } from '../../test/operators.js'
import type { Cheer } from './score-suggestions.service.js'

/** Decision 0057: the cheers a live broadcast's crowd makes become plays the scorer may have missed. */
describe.each(testDatabases())('score suggestions on %s', (kind) => {
  let ctx: TestContext
  const channelKey = `suggest-${kind}`
  const otherKey = `suggest-other-${kind}`
  let channelId: number
  let otherId: number
  let otherGame: number
  let basketball: number
  const keys = {} as Record<OperatorRole, string>
  let viewerKey: string
  const as = (key: string) => ({ headers: { authorization: `Bearer ${key}` } })
  const admin = () => ctx.app.services.catalogAdmin

  async function game(name: string) {
    return admin().saveEvent(channelId, null, {
      name,
      access_mode: 'free',
      event_utc_ts: new Date(Date.now() - 10 * 60_000).toISOString(),
      time_zone: 'UTC',
      event_category_id: basketball,
      base_price: 0,
    })
  }
  /** What the live module tells when it hears a cheer: the container's wiring, as a broadcast uses it. */
  async function hear(cheer: Partial<Cheer> & { eventId: number; at: number }) {
    const live = ctx.container.services.live as unknown as { deps: { heardCheer?: (c: Cheer) => Promise<unknown> } }
    expect(live.deps.heardCheer).toBeTypeOf('function')
    await live.deps.heardCheer?.({ channelId, riseLu: 6.5, ...cheer })
  }
  const board = async (eventId: number, key = keys.scorer) => {
    const res = await ctx.json(`/api/admin/scores/${eventId}`, as(key))
    expect(res.status).toBe(200)
    return res.body.data
  }
  const decide = (eventId: number, suggestion: number, body: unknown, key = keys.scorer) =>
    ctx.json(`/api/admin/scores/${eventId}/suggestions/${suggestion}`, { method: 'POST', body, ...as(key) })
  const record = (eventId: number, actions: unknown[]) =>
    ctx.json(`/api/admin/scores/${eventId}/actions`, {
      method: 'POST',
      body: { sent_at: Date.now(), actions },
      ...as(keys.scorer),
    })
  const tags = (actions: { type: string; id: string }[]) => actions.filter((a) => a.type === 'tag')

  beforeAll(async () => {
    ctx = await createTestContext(kind)
    channelId = await buildChannel(ctx, channelKey)
    otherId = await buildChannel(ctx, otherKey)
    basketball = await admin().createCategory(channelId, { name: 'Basketball', alias: 'basketball' })
    await ctx.db.kysely
      .insertInto('clip_tags')
      .values([
        { channel_id: channelId, event_category_id: basketball, name: 'Dunk', position: 0 },
        { channel_id: channelId, event_category_id: null, name: 'Highlight', position: 100 },
      ])
      .execute()
    otherGame = await admin().saveEvent(otherId, null, {
      name: 'Elsewhere',
      access_mode: 'free',
      event_utc_ts: new Date().toISOString(),
      time_zone: 'UTC',
      base_price: 0,
    })
    for (const role of OperatorRoles) keys[role] = (await buildOperator(ctx, channelKey, role)).key
    viewerKey = await ctx.apiKey(channelKey)
  })
  afterAll(() => ctx?.close())

  it('makes a heard cheer an open suggestion on the board, and nothing viewers see', async () => {
    const eventId = await game('Heard')
    const at = Date.now() - 30_000
    await hear({ eventId, at, riseLu: 7.25 })
    const b = await board(eventId)
    expect(b.suggestions).toEqual([{ id: expect.any(Number), t: at, rise_lu: 7.3, status: 'open' }])
    expect(b.timeline).toMatchObject({ version: 0, actions: [] })
    const viewers = await ctx.json(`/api/events/${eventId}/score?api_key=${viewerKey}`)
    expect(viewers.body.data).toMatchObject({ status: 'pending', version: 0, actions: [] })
    // A cheer told for another channel's game is no suggestion of either.
    await hear({ eventId: otherGame, at })
    const theirs = await ctx.db.kysely
      .selectFrom('score_suggestions')
      .select('id')
      .where('event_id', '=', otherGame)
      .execute()
    expect(theirs).toEqual([])
  })

  it('merges cheers within 10 s of one suggested, and lists the newest first', async () => {
    const eventId = await game('Merged')
    const at = Date.now() - 120_000
    await hear({ eventId, at })
    await hear({ eventId, at: at + 4000 })
    await hear({ eventId, at: at - 9000 })
    await hear({ eventId, at: at + 10_000 })
    await hear({ eventId, at: at + 25_000 })
    const b = await board(eventId)
    expect(b.suggestions.map((s: { t: number }) => s.t)).toEqual([at + 25_000, at])
  })

  it('accepts a suggestion as a key play at its moment, the offset applied, once however often it is sent', async () => {
    const eventId = await game('Accepted')
    const patched = await ctx.json(`/api/admin/scores/${eventId}`, {
      method: 'PATCH',
      body: { offset_ms: 1500 },
      ...as(keys.scorer),
    })
    expect(patched.status).toBe(200)
    const at = Date.now() - 60_000
    await hear({ eventId, at })
    await hear({ eventId, at: at + 30_000 })
    const [later, first] = (await board(eventId)).suggestions
    const version = patched.body.data.timeline.version
    const waiting = ctx.json(`/api/events/${eventId}/score?api_key=${viewerKey}&after=${version}`)

    const accepted = await decide(eventId, first.id, { decision: 'accept' })
    expect(accepted.status).toBe(200)
    const timeline = accepted.body.data.timeline
    expect(timeline.version).toBe(version + 1)
    expect(tags(timeline.actions)).toEqual([
      expect.objectContaining({ type: 'tag', tag: 'Dunk', t: at, source: 'suggestion', side: null }),
    ])
    expect(accepted.body.data.suggestions.map((s: { id: number }) => s.id)).toEqual([later.id])
    // Viewers waiting for the next version are woken by it.
    const woken = await waiting
    expect([woken.status, woken.body.data.version]).toEqual([200, version + 1])

    const again = await decide(eventId, first.id, { decision: 'accept' })
    expect([again.status, again.body.message]).toEqual([409, 'This play is a key play already.'])
    // Two phones at once: one records it, the other is told.
    const both = await Promise.all([
      decide(eventId, later.id, { decision: 'accept', tag: 'highlight' }),
      decide(eventId, later.id, { decision: 'accept', tag: 'highlight' }),
    ])
    expect(both.map((r) => r.status).sort()).toEqual([200, 409])
    const after = await board(eventId)
    expect(tags(after.timeline.actions)).toEqual([
      expect.objectContaining({ tag: 'Dunk', t: at }),
      expect.objectContaining({ tag: 'Highlight', t: at + 30_000 }),
    ])
    expect(after.timeline.version).toBe(version + 2)
    expect(after.suggestions).toEqual([])
    const stored = await ctx.db.kysely
      .selectFrom('score_suggestions')
      .select(['status', 'action_uid'])
      .where('event_id', '=', eventId)
      .orderBy('stream_ms')
      .execute()
    expect(stored.map((s) => s.status)).toEqual(['accepted', 'accepted'])
    expect(stored.map((s) => s.action_uid)).toEqual(tags(after.timeline.actions).map((a) => a.id))
  })

  it('refuses a tag the channel lacks for the sport, and keeps the suggestion open', async () => {
    const eventId = await game('Untagged')
    await hear({ eventId, at: Date.now() - 5000 })
    const [s] = (await board(eventId)).suggestions
    const res = await decide(eventId, s.id, { decision: 'accept', tag: 'Hat trick' })
    expect([res.status, res.body.errors]).toEqual([
      422,
      { tag: ["Choose one of the channel's clip tags for Basketball"] },
    ])
    const odd = await decide(eventId, s.id, { decision: 'maybe' })
    expect([odd.status, Object.keys(odd.body.errors)]).toEqual([422, ['decision']])
    expect((await board(eventId)).suggestions).toHaveLength(1)
  })

  it('dismisses a suggestion: off the board, no action, and decided', async () => {
    const eventId = await game('Dismissed')
    await hear({ eventId, at: Date.now() - 5000 })
    const [s] = (await board(eventId)).suggestions
    const res = await decide(eventId, s.id, { decision: 'dismiss' })
    expect(res.status).toBe(200)
    expect(res.body.data.suggestions).toEqual([])
    expect(res.body.data.timeline).toMatchObject({ version: 0, actions: [] })
    const late = await decide(eventId, s.id, { decision: 'accept' })
    expect([late.status, late.body.message]).toEqual([409, 'This play was dismissed already.'])
    // The same play heard again stays dismissed.
    await hear({ eventId, at: Date.now() - 4000 })
    expect((await board(eventId)).suggestions).toEqual([])
  })

  it('answers 404 for another channel’s or another game’s suggestion', async () => {
    const eventId = await game('Mine')
    const second = await game('Also mine')
    await hear({ eventId, at: Date.now() - 5000 })
    const [s] = (await board(eventId)).suggestions
    const theirs = await ctx.db.kysely
      .insertInto('score_suggestions')
      .values({
        ...{ channel_id: otherId, event_id: otherGame, stream_ms: Date.now(), rise_lu: 6 },
        ...{ status: 'open', action_uid: null, created_at: Date.now(), decided_at: null },
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    expect((await decide(otherGame, theirs.id, { decision: 'accept' }, keys.owner)).status).toBe(404)
    expect((await decide(eventId, theirs.id, { decision: 'dismiss' }, keys.owner)).status).toBe(404)
    expect((await decide(second, s.id, { decision: 'dismiss' }, keys.owner)).status).toBe(404)
    expect((await decide(eventId, 987_654, { decision: 'dismiss' }, keys.owner)).status).toBe(404)
    expect((await board(eventId)).suggestions).toHaveLength(1)
  })

  it('lets those who keep score decide; support may not (403)', async () => {
    const eventId = await game('Roles')
    await hear({ eventId, at: Date.now() - 60_000 })
    await hear({ eventId, at: Date.now() - 30_000 })
    const [newer, older] = (await board(eventId)).suggestions
    const refused = await decide(eventId, newer.id, { decision: 'accept' }, keys.support)
    expect(refused.status).toBe(403)
    expect((await board(eventId, keys.support)).suggestions).toHaveLength(2)
    expect((await decide(eventId, newer.id, { decision: 'accept' }, keys.scorer)).status).toBe(200)
    expect((await decide(eventId, older.id, { decision: 'dismiss' }, keys.producer)).status).toBe(200)
  })

  it('suggests nothing for a game that is final, and accepts nothing after the final', async () => {
    const eventId = await game('Over')
    await hear({ eventId, at: Date.now() - 60_000 })
    const [s] = (await board(eventId)).suggestions
    const final = await record(eventId, [{ id: randomUUID(), at: Date.now(), type: 'final' }])
    expect(final.body.data.timeline.status).toBe('final')
    await hear({ eventId, at: Date.now() - 5000 })
    expect((await board(eventId)).suggestions.map((x: { id: number }) => x.id)).toEqual([s.id])
    const late = await decide(eventId, s.id, { decision: 'accept' })
    expect([late.status, late.body.message]).toEqual([409, 'This game is final.'])
    expect((await board(eventId)).suggestions).toHaveLength(1)
  })
})
