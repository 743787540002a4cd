import { randomUUID } from 'node:crypto'
import { GameDaySchema, type OperatorRole, OperatorRoles } from '@fieldhouse/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext, testDatabases } from '../../test/context.js'
import { buildChannel, buildUser } from '../../test/factories.js'
import { buildOperator } from '../../test/operators.js'
import { createSale, samplePass } from '../../test/sales.js'

describe.each(testDatabases())('the console’s game-day home on %s', (kind) => {
  let ctx: TestContext
  const channelKey = `game-day-${kind}`
  const otherKey = `game-day-other-${kind}`
  let channelId: number
  let otherId: number
  const keys = {} as Record<OperatorRole, string>
  const ids = { basketball: 0, owls: 0, jays: 0, live: 0, otherLive: 0, otherNext: 0 }
  const next: number[] = []
  const admin = () => ctx.app.services.catalogAdmin
  const as = (key: string) => ({ headers: { authorization: `Bearer ${key}` } })
  const home = (key: string) => ctx.json('/api/admin/game-day', as(key))

  /** A basketball game, Owls at home to the Jays, starting `inMs` from now. */
  function game(channel: number, name: string, inMs: number, teams = true) {
    return admin().saveEvent(channel, null, {
      name,
      access_mode: 'free',
      event_utc_ts: new Date(Date.now() + inMs).toISOString(),
      time_zone: 'UTC',
      base_price: 0,
      ...(teams && {
        event_category_id: ids.basketball,
        participants: [
          { participant_id: ids.owls, side: 'home' },
          { participant_id: ids.jays, side: 'away' },
        ],
      }),
    })
  }
  const minutes = (n: number) => n * 60_000

  beforeAll(async () => {
    ctx = await createTestContext(kind)
    channelId = await buildChannel(ctx, channelKey, { name: 'County League' })
    otherId = await buildChannel(ctx, otherKey)
    ids.basketball = await admin().createCategory(channelId, { name: 'Basketball', alias: 'basketball' })
    ids.owls = await admin().createParticipant(channelId, { name: 'Austin Owls', short_name: 'OWL', alias: 'owls' })
    ids.jays = await admin().createParticipant(channelId, { name: 'Dallas Jays', short_name: 'JAY', alias: 'jays' })
    for (const role of OperatorRoles) keys[role] = (await buildOperator(ctx, channelKey, role)).key

    // Live now, with a basket recorded by the scorer.
    ids.live = await game(channelId, 'Owls v Jays', -minutes(10))
    await admin().setStreamStatus(channelId, ids.live, 'live')
    const basket = { id: randomUUID(), at: Date.now(), type: 'score', side: 'home', scoring: 'three' }
    const recorded = await ctx.json(`/api/admin/scores/${ids.live}/actions`, {
      method: 'POST',
      body: { sent_at: Date.now(), actions: [basket] },
      ...as(keys.scorer),
    })
    expect(recorded.status).toBe(200)
    // Next, made out of order; one already played (the replay) is neither live nor next.
    for (const [name, inMs] of [
      ['Third', minutes(180)],
      ['First', minutes(60)],
      ['Second', minutes(120)],
    ] as const) {
      next.push(await game(channelId, name, inMs))
    }
    const played = await game(channelId, 'Played this morning', -minutes(300))
    await admin().setStreamStatus(channelId, played, 'vod')
    // Two viewers watching the live game now (the analytics' live viewers).
    const now = Date.now()
    await ctx.db.kysely
      .insertInto('analytics_records')
      .values(
        [1, 2].map(() => ({
          channel_id: channelId,
          record_id: randomUUID(),
          kind: 'video_viewing' as const,
          name: 'viewing',
          session_uuid: randomUUID(),
          at: now,
          client_ts: now,
          received_at: now,
          user_id: null,
          email_hash: null,
          country_code: null,
          stream_type: 'live',
          stream_id: ids.live,
          view_uuid: randomUUID(),
          value: 10,
          page: null,
          origin_url: null,
          trk: null,
          extras: null,
        })),
      )
      .execute()
    // Today's money: one paid purchase of 15.00.
    const pass = await createSale(ctx, keys.manager, 'passes', samplePass())
    const buyer = await buildUser(ctx, { channelKey })
    const order = await ctx.db.kysely
      .insertInto('orders')
      .values({
        channel_id: channelId,
        user_id: buyer.id,
        pass_id: pass.id,
        bundle_id: null,
        type: 'subscription',
        status: 'paid',
        activity_status: 'active',
        amount: 1500,
        discount: 0,
        service_fee: 0,
        currency: 'USD',
        coupon_code: null,
        event_id: null,
        event_category_id: null,
        participant_id: null,
        gateway: 'test',
        idempotency_key: randomUUID(),
        provider_payment_id: null,
        provider_subscription_id: null,
        period_end: null,
        trial_ends_at: null,
        auto_renew: 0,
        failure_message: null,
        provider_updated_at: now,
        checkout_terms: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await ctx.db.kysely
      .insertInto('transactions')
      .values({
        channel_id: channelId,
        user_id: buyer.id,
        order_id: order.id,
        type: 'New subscription',
        amount: 1500,
        currency: 'USD',
        status: 'paid',
        provider_ref: randomUUID(),
        created_at: now,
      })
      .execute()

    // Another channel's games, live and next: never on this channel's home.
    ids.otherLive = await game(otherId, 'Elsewhere live', -minutes(5), false)
    await admin().setStreamStatus(otherId, ids.otherLive, 'live')
    ids.otherNext = await game(otherId, 'Elsewhere next', minutes(30), false)
  })
  afterAll(() => ctx?.close())

  it('shows the live game with its encoder, viewers and score, and the next games soonest first', async () => {
    const res = await home(keys.producer)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const day = GameDaySchema.parse(res.body.data)
    expect(day.live).toEqual([
      {
        event_id: ids.live,
        name: 'Owls v Jays',
        starts_at: expect.any(String),
        sport: 'basketball',
        // Live in the catalogue, but no encoder publishes to this process's ingest.
        encoder: 'waiting',
        viewers_now: 2,
        score: { home: 3, away: 0, period: 0, status: 'live' },
        home: 'Austin Owls',
        away: 'Dallas Jays',
      },
    ])
    // Made third, first and second: listed by their start.
    expect(day.next.map((g) => g.event_id)).toEqual([next[1], next[2], next[0]])
    expect(day.next[0]).toMatchObject({ name: 'First', home: 'Austin Owls', away: 'Dallas Jays' })
    expect(day.key_plays).toEqual([])
  })

  it('shows today’s revenue to owners and managers only, and viewers to who reads the analytics', async () => {
    for (const role of ['owner', 'manager'] as const) {
      const res = await home(keys[role])
      expect(res.status).toBe(200)
      expect(res.body.data.revenue_today).toEqual({ amount: 1500, currency: 'USD' })
    }
    for (const role of ['producer', 'support'] as const) {
      const res = await home(keys[role])
      expect(res.status).toBe(200)
      expect(res.body.data.revenue_today).toBeNull()
    }
    // Support reads the games and their scores, not the analytics.
    const support = (await home(keys.support)).body.data
    expect(support.live[0]).toMatchObject({ event_id: ids.live, viewers_now: null, score: { home: 3 } })
  })

  it('refuses a scorer, whose console is the Score page, and anyone who is not an operator', async () => {
    expect((await home(keys.scorer)).status).toBe(403)
    const viewer = await ctx.app.services.keys.issue(channelId, (await buildUser(ctx, { channelKey })).id)
    expect((await home(viewer)).status).toBe(403)
    expect((await ctx.json('/api/admin/game-day')).status).toBe(401)
  })

  it('never shows another channel’s games', async () => {
    const day = (await home(keys.owner)).body.data
    const shown = [...day.live, ...day.next].map((g: { event_id: number }) => g.event_id)
    expect(shown).not.toContain(ids.otherLive)
    expect(shown).not.toContain(ids.otherNext)
    const other = await buildOperator(ctx, otherKey, 'owner')
    const theirs = (await home(other.key)).body.data
    expect(theirs.live.map((g: { event_id: number }) => g.event_id)).toEqual([ids.otherLive])
    expect(theirs.next.map((g: { event_id: number }) => g.event_id)).toEqual([ids.otherNext])
    expect(theirs.revenue_today).toEqual({ amount: 0, currency: 'USD' })
  })
})
