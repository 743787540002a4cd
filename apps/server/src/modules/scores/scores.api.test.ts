import { randomUUID } from 'node:crypto'
import { type OperatorRole, OperatorRoles, SCORE_FEED_SIGNATURE_HEADER, scoreAt } from '@fieldhouse/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext, testDatabases } from '../../test/context.js'
import { buildChannel } from '../../test/factories.js'
import { buildOperator } from '../../test/operators.js'
import { signFeed } from './feed-signature.js'

describe.each(testDatabases())('game day scores on %s', (kind) => {
  let ctx: TestContext
  const channelKey = `scores-${kind}`
  const otherKey = `scores-other-${kind}`
  let channelId: number
  let otherGame: number
  const keys = {} as Record<OperatorRole, string>
  let viewerKey: string
  const ids = { basketball: 0, owls: 0, jays: 0 }
  const as = (key: string) => ({ headers: { authorization: `Bearer ${key}` } })
  const admin = () => ctx.app.services.catalogAdmin

  /** A basketball game of the channel, Owls at home to the Jays, starting `inMs` from now. */
  async function game(name: string, inMs = -10 * 60_000) {
    return admin().saveEvent(channelId, null, {
      name,
      access_mode: 'free',
      event_utc_ts: new Date(Date.now() + inMs).toISOString(),
      time_zone: 'America/Chicago',
      event_category_id: ids.basketball,
      base_price: 0,
      participants: [
        { participant_id: ids.owls, side: 'home' },
        { participant_id: ids.jays, side: 'away' },
      ],
    })
  }
  const action = (a: Record<string, unknown>, at = Date.now()) => ({ id: randomUUID(), at, ...a })
  const basket = (side: 'home' | 'away' = 'home', scoring = 'three') => action({ type: 'score', side, scoring })
  function record(key: string, eventId: number, actions: unknown[], sentAt = Date.now()) {
    return ctx.json(`/api/admin/scores/${eventId}/actions`, {
      method: 'POST',
      body: { sent_at: sentAt, actions },
      ...as(key),
    })
  }
  const timeline = (eventId: number, query = '') =>
    ctx.json(`/api/events/${eventId}/score?api_key=${viewerKey}${query}`)

  beforeAll(async () => {
    ctx = await createTestContext(kind, { env: { PUBLIC_URL: 'https://tv.example.com' } })
    channelId = await buildChannel(ctx, channelKey, { name: 'County League' })
    const otherId = await buildChannel(ctx, otherKey)
    ids.basketball = await admin().createCategory(channelId, { name: 'Basketball', alias: 'basketball' })
    const varsity = await admin().createCategory(channelId, {
      name: 'Varsity',
      alias: 'varsity',
      parent_id: ids.basketball,
    })
    ids.owls = await admin().createParticipant(channelId, {
      name: 'Austin Owls',
      short_name: 'OWL',
      alias: 'owls',
      color: '#1f6feb',
    })
    ids.jays = await admin().createParticipant(channelId, { name: 'Dallas Jays', short_name: 'JAY', alias: 'jays' })
    await ctx.db.kysely
      .insertInto('clip_tags')
      .values([
        { channel_id: channelId, event_category_id: varsity, name: 'Dunk', position: 0 },
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

  it('records a scorer’s basket on the stream’s clock, with the points of the rules', async () => {
    const eventId = await game('Owls v Jays')
    // The phone's clock is seven minutes slow; the basket was scored two seconds before the batch left.
    const sentAt = Date.now() - 7 * 60_000
    const three = action({ type: 'score', side: 'home', scoring: 'three', points: 2 }, sentAt - 2000)
    const before = Date.now()
    const res = await record(keys.scorer, eventId, [three], sentAt)
    const after = Date.now()
    expect(res.status).toBe(200)
    expect(res.body.data.recorded).toEqual([three.id])
    const t = res.body.data.timeline
    expect(t).toMatchObject({
      event_id: eventId,
      sport: 'basketball',
      offset_ms: 0,
      status: 'live',
      version: 1,
      home: { name: 'Austin Owls', short_name: 'OWL', color: '#1f6feb' },
      away: { name: 'Dallas Jays', short_name: 'JAY', color: null },
    })
    expect(t.actions).toEqual([
      {
        id: three.id,
        type: 'score',
        t: expect.any(Number),
        side: 'home',
        scoring: 'three',
        points: 3,
        period: null,
        running: null,
        clock_ms: null,
        tag: null,
        target: null,
        source: 'scorer',
      },
    ])
    expect(t.actions[0].t).toBeGreaterThanOrEqual(before - 2000)
    expect(t.actions[0].t).toBeLessThanOrEqual(after - 2000)
    const audit = await ctx.db.kysely
      .selectFrom('audit_log')
      .select(['resource', 'resource_id', 'action'])
      .where('channel_id', '=', channelId)
      .where('resource', '=', 'scores')
      .execute()
    expect(audit).toContainEqual({ resource: 'scores', resource_id: String(eventId), action: 'record' })
  })

  it('records a resent batch once, and names its ids as recorded', async () => {
    const eventId = await game('Resent')
    const batch = [basket('home', 'two'), basket('away', 'free_throw')]
    const first = await record(keys.scorer, eventId, batch)
    const again = await record(keys.scorer, eventId, batch)
    expect(again.status).toBe(200)
    expect(again.body.data.recorded).toEqual(batch.map((a) => a.id))
    expect(again.body.data.timeline.actions).toHaveLength(2)
    expect(again.body.data.timeline.version).toBe(first.body.data.timeline.version)
    // A batch with an old id and a new one records the new one.
    const more = await record(keys.scorer, eventId, [batch[0], basket('home', 'three')])
    expect(more.body.data.timeline.actions).toHaveLength(3)
    expect(scoreAt(more.body.data.timeline.actions, Number.POSITIVE_INFINITY)).toMatchObject({ home: 5, away: 1 })
  })

  it('takes an action back with undo, and the board’s score follows', async () => {
    const eventId = await game('Undone')
    const wrong = basket('away', 'three')
    await record(keys.scorer, eventId, [basket('home', 'two'), wrong])
    const undo = action({ type: 'undo', target: wrong.id })
    const res = await record(keys.scorer, eventId, [undo])
    expect(res.status).toBe(200)
    expect(res.body.data.timeline.actions.map((a: { type: string }) => a.type)).toEqual(['score', 'score', 'undo'])
    const board = await ctx.json(`/api/admin/scores/${eventId}`, as(keys.scorer))
    expect(board.status).toBe(200)
    expect(board.body.data.game.score).toEqual({ home: 2, away: 0, period: 0 })
    expect(board.body.data.tags).toEqual(['Dunk', 'Highlight'])
    expect(board.body.data.server_now).toBeGreaterThan(0)
    // An undo of an undo, or of nothing the game has, is that action's target error.
    for (const target of [undo.id, randomUUID()]) {
      const bad = await record(keys.scorer, eventId, [action({ type: 'undo', target })])
      expect([bad.status, Object.keys(bad.body.errors)]).toEqual([422, ['actions.0.target']])
    }
  })

  it('refuses a scoring the sport lacks, a tag the channel lacks, an undo of nothing — field by field', async () => {
    const eventId = await game('Refusals')
    const res = await record(keys.scorer, eventId, [
      basket('home', 'touchdown'),
      action({ type: 'tag', tag: 'Hat trick' }),
      action({ type: 'undo', target: randomUUID() }),
      action({ type: 'period', period: 1 }, Date.now() + 60_000),
    ])
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({ 'actions.3.at': ['An action cannot be taken after it was sent'] })
    const fields = await record(keys.scorer, eventId, [
      basket('home', 'touchdown'),
      action({ type: 'tag', tag: 'Hat trick' }),
      action({ type: 'undo', target: randomUUID() }),
    ])
    expect(fields.status).toBe(422)
    expect(fields.body.errors).toEqual({
      'actions.0.scoring': ['Choose a scoring action of Basketball'],
      'actions.1.tag': ["Choose one of the channel's clip tags for Basketball"],
      'actions.2.target': ['Undo an action recorded for this game'],
    })
    // Nothing of a refused batch is kept; a tag is kept as the channel spells it.
    const tagged = await record(keys.scorer, eventId, [action({ type: 'tag', tag: 'dunk', side: 'home' })])
    expect(tagged.body.data.timeline.actions).toMatchObject([{ type: 'tag', tag: 'Dunk', side: 'home' }])
  })

  it('moves every t by the game’s offset, and a new sport’s rules apply', async () => {
    const eventId = await game('Offset')
    const first = await record(keys.scorer, eventId, [basket(), action({ type: 'period', period: 1 })])
    const ts = first.body.data.timeline.actions.map((a: { t: number }) => a.t)
    const patched = await ctx.json(`/api/admin/scores/${eventId}`, {
      method: 'PATCH',
      body: { offset_ms: 1500 },
      ...as(keys.scorer),
    })
    expect(patched.status).toBe(200)
    expect(patched.body.data.timeline.offset_ms).toBe(1500)
    expect(patched.body.data.timeline.version).toBe(first.body.data.timeline.version + 1)
    expect(patched.body.data.timeline.actions.map((a: { t: number }) => a.t)).toEqual(ts.map((t: number) => t + 1500))
    const bad = await ctx.json(`/api/admin/scores/${eventId}`, {
      method: 'PATCH',
      body: { offset_ms: 500_000, sport: 'curling' },
      ...as(keys.scorer),
    })
    expect([bad.status, Object.keys(bad.body.errors).sort()]).toEqual([422, ['offset_ms', 'sport']])
    const soccer = await ctx.json(`/api/admin/scores/${eventId}`, {
      method: 'PATCH',
      body: { sport: 'soccer' },
      ...as(keys.manager),
    })
    expect(soccer.body.data.game.sport).toBe('soccer')
    expect((await record(keys.scorer, eventId, [basket('home', 'goal')])).status).toBe(200)
    expect((await record(keys.scorer, eventId, [basket('home', 'three')])).status).toBe(422)
  })

  it('refuses actions after the final (409), but the undo of the final reopens the game', async () => {
    const eventId = await game('Final')
    const final = action({ type: 'final' })
    const ended = await record(keys.scorer, eventId, [basket(), final])
    expect(ended.body.data.timeline.status).toBe('final')
    const late = await record(keys.scorer, eventId, [basket('away')])
    expect([late.status, late.body.message]).toEqual([409, 'This game is final.'])
    // The same batch resent is no new action.
    expect((await record(keys.scorer, eventId, [final])).status).toBe(200)
    const reopened = await record(keys.scorer, eventId, [action({ type: 'undo', target: final.id }), basket('away')])
    expect(reopened.status).toBe(200)
    expect(reopened.body.data.timeline.status).toBe('live')
  })

  it('answers 404 for another channel’s game, to operators and viewers', async () => {
    expect((await record(keys.owner, otherGame, [basket()])).status).toBe(404)
    expect((await ctx.json(`/api/admin/scores/${otherGame}`, as(keys.owner))).status).toBe(404)
    const patch = await ctx.json(`/api/admin/scores/${otherGame}`, {
      method: 'PATCH',
      body: { offset_ms: 100 },
      ...as(keys.owner),
    })
    expect(patch.status).toBe(404)
    expect((await timeline(otherGame)).status).toBe(404)
    expect((await timeline(987_654)).status).toBe(404)
  })

  it('lets owners, managers, producers and scorers keep score; support reads; a scorer reaches nothing else', async () => {
    const eventId = await game('Roles', 3 * 3_600_000)
    for (const role of OperatorRoles) {
      const recorded = await record(keys[role], eventId, [action({ type: 'period', period: 1 })])
      expect([role, recorded.status]).toEqual([role, role === 'support' ? 403 : 200])
      const list = await ctx.json('/api/admin/scores', as(keys[role]))
      expect([role, list.status]).toEqual([role, 200])
      expect(list.body.data.map((g: { event_id: number }) => g.event_id)).toContain(eventId)
      const feed = await ctx.json('/api/admin/score-feed', as(keys[role]))
      expect([role, feed.status]).toEqual([role, role === 'owner' || role === 'manager' ? 200 : 403])
    }
    expect((await ctx.json('/api/admin/events', as(keys.scorer))).status).toBe(403)
    expect((await ctx.json(`/api/admin/live/${eventId}`, as(keys.scorer))).status).toBe(403)
    expect((await ctx.json('/api/admin/clips', as(keys.scorer))).status).toBe(403)
    const listed = (await ctx.json('/api/admin/scores', as(keys.scorer))).body.data
    expect(listed.find((g: { event_id: number }) => g.event_id === eventId)).toMatchObject({
      name: 'Roles',
      sport: 'basketball',
      status: 'live',
      stream_status: 'upcoming',
      home: { name: 'Austin Owls' },
      score: { home: 0, away: 0, period: 1 },
    })
    // A game next week is not one a scorer would pick.
    const later = await game('Next week', 7 * 24 * 3_600_000)
    expect(listed.map((g: { event_id: number }) => g.event_id)).not.toContain(later)
  })

  it('serves viewers the timeline, and wakes a long-poll with the next action', async () => {
    const eventId = await game('Watched')
    const pending = await timeline(eventId)
    expect(pending.status).toBe(200)
    expect(pending.headers.get('cache-control')).toBe('public, max-age=1')
    expect(pending.body.data).toMatchObject({
      status: 'pending',
      version: 0,
      actions: [],
      home: { name: 'Austin Owls' },
    })

    await record(keys.scorer, eventId, [basket()])
    // A version behind answers at once.
    const behind = await timeline(eventId, '&after=0')
    expect([behind.status, behind.body.data.version]).toEqual([200, 1])
    expect(behind.headers.get('cache-control')).toBe('no-store')

    const waiting = timeline(eventId, '&after=1')
    const next = basket('away', 'two')
    await record(keys.scorer, eventId, [next])
    const woken = await waiting
    expect(woken.status).toBe(200)
    expect(woken.headers.get('cache-control')).toBe('no-store')
    expect(woken.body.data.version).toBe(2)
    expect(woken.body.data.actions.map((a: { id: string }) => a.id)).toContain(next.id)
  })

  it('takes the signed feed’s actions; a bad, missing or stale signature is 401; a replay records nothing', async () => {
    const eventId = await game('Fed')
    const settings = await ctx.json('/api/admin/score-feed', as(keys.manager))
    expect(settings.status).toBe(200)
    expect(settings.headers.get('cache-control')).toBe('no-store')
    const { url, channel_key, secret } = settings.body.data
    expect([url, channel_key]).toEqual(['https://tv.example.com/api/hooks/score', channelKey])
    const now = () => Math.floor(Date.now() / 1000)
    const body = (actions: unknown[], key = channelKey) =>
      JSON.stringify({ channel_key: key, event_id: eventId, sent_at: Date.now(), actions })
    const post = (raw: string, signature?: string) =>
      ctx.json('/api/hooks/score', {
        method: 'POST',
        body: raw,
        headers: {
          'content-type': 'application/json',
          ...(signature ? { [SCORE_FEED_SIGNATURE_HEADER]: signature } : {}),
        },
      })

    const raw = body([basket()])
    const signature = signFeed(secret, now(), raw)
    const fed = await post(raw, signature)
    expect(fed.status).toBe(200)
    expect(fed.body.data.timeline.actions).toMatchObject([{ source: 'feed', points: 3 }])
    const replay = await post(raw, signature)
    expect(replay.status).toBe(200)
    expect(replay.body.data.timeline.actions).toHaveLength(1)
    expect(replay.body.data.timeline.version).toBe(fed.body.data.timeline.version)

    const other = body([basket('away')])
    expect((await post(other)).status).toBe(401)
    expect((await post(other, signFeed('not the secret', now(), other))).status).toBe(401)
    expect((await post(other, signFeed(secret, now(), raw))).status).toBe(401)
    const stale = await post(other, signFeed(secret, now() - 301, other))
    expect([stale.status, stale.body.message]).toEqual([401, expect.stringMatching(/clock/)])
    const unknown = body([basket()], 'no-such-channel')
    const nowhere = await post(unknown, signFeed(secret, now(), unknown))
    expect([nowhere.status, Object.keys(nowhere.body.errors)]).toEqual([404, ['channel_key']])
    // Signed, but not a batch: its fields.
    const empty = JSON.stringify({ channel_key: channelKey, event_id: eventId, sent_at: Date.now(), actions: [] })
    const refused = await post(empty, signFeed(secret, now(), empty))
    expect([refused.status, Object.keys(refused.body.errors)]).toEqual([422, ['actions']])

    const rotated = await ctx.json('/api/admin/score-feed/rotate', { method: 'POST', ...as(keys.owner) })
    expect(rotated.status).toBe(200)
    expect(rotated.body.data.secret).not.toBe(secret)
    const after = body([basket('away')])
    expect((await post(after, signFeed(secret, now(), after))).status).toBe(401)
    expect((await post(after, signFeed(rotated.body.data.secret, now(), after))).status).toBe(200)
    const audit = await ctx.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('channel_id', '=', channelId)
      .where('resource', '=', 'score-feed')
      .execute()
    expect(audit).toEqual([{ action: 'rotate', after: JSON.stringify({ generation: 1 }) }])
    expect(JSON.stringify(audit)).not.toContain(rotated.body.data.secret)
  })

  it('carries the score on event lists once a game is live, and none before', async () => {
    const live = await game('Listed')
    const quiet = await game('Not scored yet')
    const list = async () => {
      const res = await ctx.json(`/api/events?api_key=${viewerKey}&no_limit=1`)
      expect(res.status).toBe(200)
      return new Map(res.body.data.map((e: { id: number; score: unknown }) => [e.id, e.score]))
    }
    expect((await list()).get(live)).toBeNull()
    await record(keys.scorer, live, [action({ type: 'period', period: 2 }), basket('away', 'two')])
    const scores = await list()
    expect(scores.get(live)).toEqual({ home: 0, away: 2, period: 2, status: 'live' })
    expect(scores.get(quiet)).toBeNull()
    const detail = await ctx.json(`/api/events/${live}?api_key=${viewerKey}`)
    expect(detail.body.data.score).toEqual({ home: 0, away: 2, period: 2, status: 'live' })
  })
})
