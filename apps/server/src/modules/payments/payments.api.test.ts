import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashToken } from '../../lib/secrets.js'
import { createTestContext, type TestContext, testDatabases } from '../../test/context.js'
import { signedInKey } from '../../test/factories.js'
import type { GatewayEvent } from './gateways/gateway.js'
import { TestGateway } from './gateways/test.gateway.js'
import { PaymentsRepository } from './payments.repository.js'
import { PaymentsService } from './payments.service.js'

const VISA = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' }
const DECLINED = { ...VISA, number: '4000000000000002' }

async function until<T>(fn: () => Promise<T | null | undefined | false>, what: string): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const v = await fn()
    if (v) return v
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`timed out waiting for ${what}`)
}

/** Checkout for every pass kind with the offline test gateway, on a real database. */
describe.each(testDatabases())('passes and payments on %s', (kind) => {
  let ctx: TestContext
  let passes: { id: number; kind: string; name: string; event_id: number | null; trial_period: number; price: number }[]
  let paidEvent: { id: number; type: string }

  beforeAll(async () => {
    ctx = await createTestContext(kind)
    const anon = await ctx.apiKey()
    passes = [
      ...(await ctx.json(`/api/packages?api_key=${anon}`)).body.data,
      ...(await ctx.json(`/api/subscriptions?api_key=${anon}`)).body.data,
    ]
    const events = (await ctx.json(`/api/events?stream_status[]=vod&no_limit=1&api_key=${anon}`)).body.data
    paidEvent = events.find((e: { type: string }) => e.type === 'paid')
  })
  afterAll(() => ctx.close())

  const byKind = (k: string) => passes.find((p) => p.kind === k) as (typeof passes)[number]
  const eventPass = (eventId: number) =>
    passes.find((p) => p.kind === 'event' && p.event_id === eventId) as (typeof passes)[number]
  const post = (path: string, key: string, body: object) =>
    ctx.json(path, { method: 'POST', body: { api_key: key, ...body } })
  const settled = (key: string, id: number) =>
    until(async () => {
      const o = (await ctx.json(`/api/orders/${id}?api_key=${key}`)).body.data
      return o.status !== 'created' ? o : null
    }, `order ${id} to settle`)

  it('lists passes of every kind; packages and subscriptions are apart; unknown ids are "Pass not found"', async () => {
    expect(new Set(passes.map((p) => p.kind))).toEqual(new Set(['subscription', 'package', 'event', 'addon']))
    const res = await ctx.json(`/api/subscriptions/${byKind('package').id}?channel_key=demo`)
    expect(res).toMatchObject({ status: 404, body: { message: 'Pass not found' } })
    expect((await ctx.json(`/api/packages/999999?channel_key=demo`)).body.message).toBe('Pass not found')
  })

  it('offers, for an event, exactly the passes that would open it', async () => {
    const offered = (await ctx.json(`/api/events/${paidEvent.id}/passes?api_key=${await ctx.apiKey()}`)).body.data
    const kinds = offered.map((p: { kind: string }) => p.kind)
    expect(offered.find((p: { kind: string }) => p.kind === 'event').event_id).toBe(paidEvent.id)
    expect(kinds.filter((k: string) => k === 'subscription')).toHaveLength(2)
    expect(kinds).not.toContain('addon')
    const otherGame = passes.find((p) => p.kind === 'event' && p.event_id !== paidEvent.id)
    expect(offered.map((p: { id: number }) => p.id)).not.toContain(otherGame?.id)
  })

  it('refuses a checkout in the spec’s words', async () => {
    expect((await post('/api/stripe/buy', await ctx.apiKey(), { id: 1, card: VISA })).body.message).toBe(
      'user must be logged in',
    )
    const key = await signedInKey(ctx)
    expect((await post('/api/stripe/buy', key, { card: VISA })).body).toMatchObject({ message: 'id not selected' })
    expect((await post('/api/stripe/buy', key, { event_id: paidEvent.id, card: VISA })).body.message).toBe(
      'Paid events require a single-event package id.',
    )
    expect((await post('/api/stripe/buy', key, { id: 999999, card: VISA })).body.message).toBe('Pass not found')
    expect((await post('/api/stripe/buy', key, { id: byKind('addon').id })).body.message).toBe(
      'Please select one of your saved cards or enter new one.',
    )
  })

  it('buys a single game with 4242…: paid once, the game opens, a second purchase is refused', async () => {
    const key = await signedInKey(ctx)
    expect((await ctx.json(`/api/events/${paidEvent.id}?api_key=${key}`)).body.data.has_access).toBe(false)
    const placed = await post('/api/stripe/buy', key, {
      event_id: paidEvent.id,
      single_event_package_id: eventPass(paidEvent.id).id,
      card: VISA,
      idempotency_key: 'checkout-single-game-1',
    })
    expect(placed.status).toBe(200)
    expect(placed.body.data).toMatchObject({ status: 'created', type: 'event' })
    const order = await settled(key, placed.body.data.id)
    expect(order).toMatchObject({ status: 'paid', activity_status: 'active', amount: 11.49, service_fee: 1.5 })
    expect((await ctx.json(`/api/events/${paidEvent.id}?api_key=${key}`)).body.data.has_access).toBe(true)
    const again = await post('/api/stripe/buy', key, { id: eventPass(paidEvent.id).id, card: VISA })
    expect(again).toMatchObject({ status: 409, body: { message: 'You already bought this event.' } })
    const transactions = (await ctx.json(`/api/transactions?api_key=${key}`)).body.data
    expect(transactions).toMatchObject([{ type: 'Purchase', amount: 11.49, status: 'paid' }])
  })

  it('a declined card fails the order with the card network’s words, and opens nothing', async () => {
    const key = await signedInKey(ctx)
    const placed = await post('/api/stripe/buy', key, { id: eventPass(paidEvent.id).id, card: DECLINED })
    const order = await settled(key, placed.body.data.id)
    expect(order).toMatchObject({ status: 'failed', failure_message: 'Your card was declined.' })
    expect((await ctx.json(`/api/events/${paidEvent.id}?api_key=${key}`)).body.data.has_access).toBe(false)
  })

  it('a coupon lowers the price; a wrong one is "Wrong promo code"', async () => {
    const key = await signedInKey(ctx)
    const pkg = byKind('package')
    const quote = (await ctx.json(`/api/apply_coupon?code=fieldhouse20&id=${pkg.id}&api_key=${key}`)).body.data
    expect(quote).toMatchObject({
      price: pkg.price,
      discount: Math.round(pkg.price * 20) / 100,
      coupon: 'FIELDHOUSE20',
    })
    expect(quote.total).toBeCloseTo(pkg.price * 0.8 + quote.service_fee, 2)
    const wrong = await ctx.json(`/api/apply_coupon?code=NOPE&id=${pkg.id}&api_key=${key}`)
    expect(wrong).toMatchObject({ status: 422, body: { message: 'Wrong promo code' } })
    const placed = await post('/api/stripe/buy', key, { id: pkg.id, card: VISA, coupon: 'FIELDHOUSE20' })
    expect((await settled(key, placed.body.data.id)).amount).toBeCloseTo(quote.total, 2)
  })

  it('a trial opens everything now, is shown, needs a card and is for new subscribers only', async () => {
    const key = await signedInKey(ctx)
    const monthly = passes.find((p) => p.kind === 'subscription' && p.trial_period > 0) as (typeof passes)[number]
    expect(
      (await post('/api/stripe/subscription/start_trial', key, { subscription_id: monthly.id })).body.message,
    ).toBe('A free trial needs a card: it is charged when the trial ends unless you cancel.')
    const placed = await post('/api/stripe/subscription/start_trial', key, { subscription_id: monthly.id, card: VISA })
    const order = await settled(key, placed.body.data.id)
    expect(order).toMatchObject({ status: 'paid', activity_status: 'active', auto_renew: true, type: 'subscription' })
    expect(Date.parse(order.trial_ends_at) - Date.now()).toBeGreaterThan(6 * 86_400_000)
    expect((await ctx.json(`/api/events/${paidEvent.id}?api_key=${key}`)).body.data.has_access).toBe(true)
    expect((await ctx.json(`/api/user/access?api_key=${key}`)).body.data).toMatchObject({
      capabilities: { watch: true, vod_media: true },
      trial_period_used: true,
    })

    // A viewer who has had a trial before gets none.
    const veteran = await signedInKey(ctx)
    const veteranSession = await ctx.app.services.keys.sessionForKeyHash(hashToken(veteran))
    await ctx.db.kysely
      .updateTable('users')
      .set({ trial_period_used: 1 })
      .where('id', '=', veteranSession.userId as number)
      .execute()
    expect(
      (await post('/api/stripe/subscription/start_trial', veteran, { subscription_id: monthly.id, card: VISA })).body
        .message,
    ).toBe('The free trial is for new subscribers only.')

    // Cancel auto-renewal: the label changes, access stays to the end of the period.
    const cancelled = await post('/api/stripe/unsubscribe', key, { order_id: order.id })
    expect(cancelled.body.data.auto_renew).toBe(false)
    expect((await ctx.json(`/api/events/${paidEvent.id}?api_key=${key}`)).body.data.has_access).toBe(true)
  })

  it('saves a card and pays with it next time; nobody sees another viewer’s orders, cards or transactions', async () => {
    const key = await signedInKey(ctx)
    const first = await post('/api/stripe/buy', key, { id: byKind('addon').id, card: VISA, save_card: true })
    await settled(key, first.body.data.id)
    const cards = (await ctx.json(`/api/stripe/list-cards?api_key=${key}`)).body.data
    expect(cards).toMatchObject([{ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 }])
    const second = await post('/api/stripe/buy', key, { id: byKind('package').id, payment_method_id: cards[0].id })
    expect((await settled(key, second.body.data.id)).status).toBe('paid')

    const other = await signedInKey(ctx)
    expect((await ctx.json(`/api/orders/${first.body.data.id}?api_key=${other}`)).status).toBe(404)
    expect((await ctx.json(`/api/orders?no_limit=1&api_key=${other}`)).body.data).toEqual([])
    expect((await ctx.json(`/api/stripe/list-cards?api_key=${other}`)).body.data).toEqual([])
    expect((await ctx.json(`/api/transactions?api_key=${other}`)).body.data).toEqual([])
    const stolen = await post('/api/stripe/buy', other, { id: byKind('addon').id, payment_method_id: cards[0].id })
    expect(stolen.body.data?.status ?? stolen.body.message).toBe('failed')
  })

  it('a bundle: one charge at the bundle price, every pass in it paid and active', async () => {
    const key = await signedInKey(ctx)
    const [bundle] = (await ctx.json(`/api/bundles?api_key=${key}`)).body.data
    const placed = await post('/api/stripe/buy_bundle', key, { bundle_id: bundle.id, card: VISA })
    expect(placed.body.data.amount).toBeCloseTo(bundle.price + bundle.service_fee, 2)
    await settled(key, placed.body.data.id)
    const orders = (await ctx.json(`/api/orders?no_limit=1&api_key=${key}`)).body.data
    expect(orders.map((o: { product: { id: number } }) => o.product.id).sort()).toEqual([...bundle.package_ids].sort())
    for (const o of orders) expect(o).toMatchObject({ status: 'paid', activity_status: 'active' })
    expect((await ctx.json(`/api/user/access?api_key=${key}`)).body.data.capabilities.vod_media).toBe(true)
  })

  it('20 concurrent purchases with one idempotency key: one order, one charge', async () => {
    const key = await signedInKey(ctx)
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        post('/api/stripe/buy', key, { id: byKind('addon').id, card: VISA, idempotency_key: 'double-click-key-1' }),
      ),
    )
    const ids = new Set(answers.map((a) => a.body.data.id))
    expect(ids.size).toBe(1)
    await settled(key, [...ids][0] as number)
    const orders = (await ctx.json(`/api/orders?no_limit=1&api_key=${key}`)).body.data
    expect(orders).toHaveLength(1)
    const charges = await ctx.db.kysely
      .selectFrom('test_gateway_payments')
      .selectAll()
      .where('order_id', '=', [...ids][0] as number)
      .execute()
    expect(charges).toHaveLength(1)
  })

  it('1,000 deliveries of one event: one paid order, one transaction', async () => {
    const key = await signedInKey(ctx)
    const placed = await post('/api/stripe/buy', key, { id: byKind('addon').id, card: VISA })
    const order = await settled(key, placed.body.data.id)
    const payments = ctx.app.services.payments
    const event: GatewayEvent = {
      id: 'evt_replayed_1000_times',
      type: 'payment_intent.succeeded',
      created: Date.now(),
      orderId: order.id,
      paymentId: 'pi_replayed',
      amount: 499,
    }
    const outcomes: string[] = []
    for (let batch = 0; batch < 20; batch++) {
      outcomes.push(...(await Promise.all(Array.from({ length: 50 }, () => payments.handleEvent({ ...event })))))
    }
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1)
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(999)
    const tx = await ctx.db.kysely.selectFrom('transactions').selectAll().where('order_id', '=', order.id).execute()
    expect(tx).toHaveLength(2)
    expect((await ctx.json(`/api/orders/${order.id}?api_key=${key}`)).body.data.status).toBe('paid')
  })

  it('the events of a subscribe-with-trial flow reach the same state in every delivery order', async () => {
    const monthly = passes.find((p) => p.kind === 'subscription' && p.trial_period > 0) as (typeof passes)[number]
    const t0 = Date.now()
    const trialEnd = t0 + 7 * 86_400_000
    const periodEnd = trialEnd + 30 * 86_400_000
    const flow = (orderId: number, n: number): GatewayEvent[] => [
      {
        id: `e1-${n}`,
        type: 'customer.subscription.updated',
        created: t0,
        orderId,
        subscriptionId: `sub_${n}`,
        status: 'trialing',
        currentPeriodEnd: trialEnd,
        cancelAtPeriodEnd: false,
      },
      {
        id: `e2-${n}`,
        type: 'invoice.paid',
        created: t0 + 1,
        orderId,
        subscriptionId: `sub_${n}`,
        amount: 0,
        billingReason: 'subscription_create',
        paymentId: `in_a_${n}`,
      },
      {
        id: `e3-${n}`,
        type: 'invoice.paid',
        created: trialEnd,
        orderId,
        subscriptionId: `sub_${n}`,
        amount: 1499,
        billingReason: 'subscription_cycle',
        paymentId: `in_b_${n}`,
      },
      {
        id: `e4-${n}`,
        type: 'customer.subscription.updated',
        created: trialEnd + 1,
        orderId,
        subscriptionId: `sub_${n}`,
        status: 'active',
        currentPeriodEnd: periodEnd,
        cancelAtPeriodEnd: true,
      },
    ]
    const permutations = <T>(xs: T[]): T[][] =>
      xs.length <= 1
        ? [xs]
        : xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p]))
    const finals = new Set<string>()
    let n = 0
    for (const order of permutations([0, 1, 2, 3])) {
      const key = await signedInKey(ctx)
      const session = await ctx.app.services.keys.sessionForKeyHash(hashToken(key))
      const created = await ctx.db.kysely
        .insertInto('orders')
        .values({
          channel_id: session.channel.id,
          user_id: session.userId as number,
          pass_id: monthly.id,
          bundle_id: null,
          type: 'subscription',
          status: 'created',
          activity_status: 'inactive',
          amount: 1499,
          discount: 0,
          service_fee: 0,
          currency: 'USD',
          coupon_code: null,
          event_id: null,
          event_category_id: null,
          participant_id: null,
          gateway: 'test',
          idempotency_key: `perm-${n}`,
          provider_payment_id: null,
          provider_subscription_id: `sub_${n}`,
          period_end: null,
          trial_ends_at: null,
          auto_renew: 1,
          failure_message: null,
          provider_updated_at: 0,
          created_at: t0,
          updated_at: t0,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const events = flow(created.id, n)
      for (const i of order) await ctx.app.services.payments.handleEvent(events[i] as GatewayEvent)
      const row = await ctx.db.kysely
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow()
      const tx = await ctx.db.kysely
        .selectFrom('transactions')
        .select(['type', 'amount'])
        .where('order_id', '=', created.id)
        .orderBy('amount')
        .execute()
      finals.add(
        JSON.stringify({
          status: row.status,
          activity: row.activity_status,
          periodEnd: row.period_end,
          trialEnds: row.trial_ends_at,
          autoRenew: row.auto_renew,
          tx,
        }),
      )
      n++
    }
    expect(n).toBe(24)
    expect([...finals]).toHaveLength(1)
    expect(JSON.parse([...finals][0] as string)).toEqual({
      status: 'paid',
      activity: 'active',
      periodEnd,
      trialEnds: trialEnd,
      autoRenew: 0,
      tx: [
        { type: 'New subscription', amount: 0 },
        { type: 'Subscription Renewal', amount: 1499 },
      ],
    })
  })

  it('a process killed between the charge and its record: after restart, exactly one paid order', async () => {
    const key = await signedInKey(ctx)
    const repo = new PaymentsRepository(ctx.db.kysely, ctx.db.dialect)
    const deps = { db: ctx.db.kysely, log: ctx.app.log, userCapabilities: async () => [] }
    // The first process: the provider takes the money, then the process dies (no record, no events).
    const dying = new TestGateway(ctx.db.kysely)
    const crash = Object.assign(Object.create(dying), {
      charge: async (req: Parameters<TestGateway['charge']>[0]) => {
        await dying.charge(req)
        throw new Error('process killed')
      },
    }) as TestGateway
    const session = await ctx.app.services.keys.sessionForKeyHash(hashToken(key))
    await expect(
      new PaymentsService(repo, crash, deps).buy(session, {
        id: byKind('addon').id,
        card: VISA,
        idempotency_key: 'crash-1',
      }),
    ).rejects.toThrow('process killed')
    const [lost] = (await ctx.json(`/api/orders?no_limit=1&api_key=${key}`)).body.data
    expect(lost).toMatchObject({ status: 'created' })

    // The restarted process reconciles: the same idempotent request finds the payment; nothing new is charged.
    const restarted = new PaymentsService(repo, new TestGateway(ctx.db.kysely), deps)
    expect(await restarted.reconcile(0)).toBeGreaterThanOrEqual(1)
    const orders = (await ctx.json(`/api/orders?no_limit=1&api_key=${key}`)).body.data
    expect(orders).toHaveLength(1)
    expect(orders[0]).toMatchObject({ id: lost.id, status: 'paid', activity_status: 'active' })
    const charges = await ctx.db.kysely
      .selectFrom('test_gateway_payments')
      .selectAll()
      .where('order_id', '=', lost.id)
      .execute()
    expect(charges).toHaveLength(1)
  })

  it('renews a subscription at the end of its period; one whose renewal is off expires and closes', async () => {
    const key = await signedInKey(ctx)
    const season = passes.find((p) => p.kind === 'subscription' && p.trial_period === 0) as (typeof passes)[number]
    const placed = await post('/api/stripe/buy', key, { id: season.id, card: VISA, save_card: true })
    const order = await settled(key, placed.body.data.id)
    expect(order.status).toBe('paid')
    await ctx.db.kysely
      .updateTable('orders')
      .set({ period_end: Date.now() - 1000 })
      .where('id', '=', order.id)
      .execute()
    await ctx.app.services.payments.sweep()
    const renewed = await until(async () => {
      const tx = (await ctx.json(`/api/transactions?api_key=${key}`)).body.data
      return tx.some((t: { type: string }) => t.type === 'Subscription Renewal') ? tx : null
    }, 'the renewal')
    expect(renewed.map((t: { type: string }) => t.type).sort()).toEqual(['New subscription', 'Subscription Renewal'])
    const after = (await ctx.json(`/api/orders/${order.id}?api_key=${key}`)).body.data
    expect(Date.parse(after.expires_at)).toBeGreaterThan(Date.now())

    await post('/api/stripe/unsubscribe', key, { order_id: order.id })
    await ctx.db.kysely
      .updateTable('orders')
      .set({ period_end: Date.now() - 1000 })
      .where('id', '=', order.id)
      .execute()
    await ctx.app.services.payments.sweep()
    expect((await ctx.json(`/api/orders/${order.id}?api_key=${key}`)).body.data.activity_status).toBe('expired')
    expect((await ctx.json(`/api/events/${paidEvent.id}?api_key=${key}`)).body.data.has_access).toBe(false)
  })
})
