import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashToken } from '../../lib/secrets.js'
import { createTestContext, type TestContext, testDatabases } from '../../test/context.js'
import { signedInKey } from '../../test/factories.js'
import type { GatewayEvent } from './gateways/gateway.js'
import { TestGateway } from './gateways/test.gateway.js'
import { TestGatewayRepository } from './gateways/test-gateway.repository.js'
import { OrdersRepository } from './orders.repository.js'
import { createPayments } from './payments.module.js'
import { PaymentsRepository } from './payments.repository.js'

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

  it('a purchase makes the basic-pass choice: the passes form’s flag is 1 once the order is paid, not before', async () => {
    const key = await signedInKey(ctx)
    const flag = async () =>
      (await ctx.json(`/api/custom-forms/passes?api_key=${key}`)).body.data.fields.find(
        (f: { name: string }) => f.name === 'basic_pass',
      )?.value
    expect(await flag()).toBe('0')
    // A declined card is no choice made.
    const declined = await post('/api/stripe/buy', key, { id: byKind('subscription').id, card: DECLINED })
    expect((await settled(key, declined.body.data.id)).status).toBe('failed')
    expect(await flag()).toBe('0')
    const placed = await post('/api/stripe/buy', key, { id: byKind('subscription').id, card: VISA })
    expect((await settled(key, placed.body.data.id)).status).toBe('paid')
    // Written just after the order's commit.
    expect(await until(async () => (await flag()) === '1', 'the basic-pass flag')).toBe(true)
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
    expect(stolen.body.data).toMatchObject({
      status: 'failed',
      failure_message: 'Please select one of your saved cards or enter new one.',
    })

    // Once the other viewer has a card and a purchase of their own, each still sees only theirs.
    const mastercard = { ...VISA, number: '4242424242424242', exp_month: 3, exp_year: 2031 }
    const own = await post('/api/stripe/buy', other, { id: byKind('addon').id, card: mastercard, save_card: true })
    await settled(other, own.body.data.id)
    const otherCards = (await ctx.json(`/api/stripe/list-cards?api_key=${other}`)).body.data
    expect(otherCards).toMatchObject([{ last4: '4242', exp_month: 3, exp_year: 2031 }])
    expect(otherCards[0].id).not.toBe(cards[0].id)
    expect((await ctx.json(`/api/stripe/list-cards?api_key=${key}`)).body.data).toMatchObject([
      { id: cards[0].id, exp_month: 12 },
    ])
    const mine = (await ctx.json(`/api/transactions?api_key=${key}`)).body.data
    const theirs = (await ctx.json(`/api/transactions?api_key=${other}`)).body.data
    expect(mine.map((t: { order_id: number }) => t.order_id).sort()).toEqual(
      [first.body.data.id, second.body.data.id].sort(),
    )
    expect(theirs.map((t: { order_id: number }) => t.order_id)).toEqual([own.body.data.id])
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
          // As checkout writes a trial's order: nothing charged yet, the trial marked from the start.
          amount: 0,
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
          trial_ends_at: trialEnd,
          auto_renew: 1,
          failure_message: null,
          provider_updated_at: 0,
          created_at: t0,
          updated_at: t0,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const events = flow(created.id, n)
      for (const i of order) await ctx.app.services.payments.events.handleEvent(events[i] as GatewayEvent)
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
    await ctx.app.services.payments.renewals.renewDue()
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
    await ctx.app.services.payments.renewals.renewDue()
    expect((await ctx.json(`/api/orders/${order.id}?api_key=${key}`)).body.data.activity_status).toBe('expired')
    expect((await ctx.json(`/api/events/${paidEvent.id}?api_key=${key}`)).body.data.has_access).toBe(false)
  })

  it('answers one package and one subscription by id, and which gateway takes the money', async () => {
    const anon = await ctx.apiKey()
    const pkg = byKind('package')
    const sub = byKind('subscription')
    expect((await ctx.json(`/api/packages/${pkg.id}?api_key=${anon}`)).body.data).toMatchObject({
      id: pkg.id,
      kind: 'package',
      name: pkg.name,
      price: pkg.price,
    })
    expect((await ctx.json(`/api/subscriptions/${sub.id}?no_limit=1&api_key=${anon}`)).body.data).toMatchObject({
      id: sub.id,
      kind: 'subscription',
      name: sub.name,
    })
    expect((await ctx.json(`/api/packages/${sub.id}?api_key=${anon}`)).body.message).toBe('Pass not found')
    expect((await ctx.json(`/api/stripe/config?api_key=${anon}`)).body.data).toEqual({
      gateway: 'test',
      publishable_key: null,
    })
  })

  it('refuses bundle, trial and unsubscribe calls in the spec’s words', async () => {
    const key = await signedInKey(ctx)
    const [bundle] = (await ctx.json(`/api/bundles?api_key=${key}`)).body.data
    expect((await post('/api/stripe/buy_bundle', key, { card: VISA })).body.message).toBe('id not selected')
    expect((await post('/api/stripe/buy_bundle', key, { bundle_id: 999999, card: VISA })).body.message).toBe(
      'Pass not found',
    )
    expect((await post('/api/stripe/buy_bundle', key, { bundle_id: bundle.id })).body.message).toBe(
      'Please select one of your saved cards or enter new one.',
    )
    const trialSub = passes.find((p) => p.kind === 'subscription' && p.trial_period > 0) as (typeof passes)[number]
    const noTrial = passes.find((p) => p.kind === 'subscription' && p.trial_period === 0) as (typeof passes)[number]
    const trial = (body: object) => post('/api/stripe/subscription/start_trial', key, body)
    expect((await trial({ card: VISA })).body.message).toBe('id not selected')
    expect((await trial({ subscription_id: byKind('package').id, card: VISA })).body.message).toBe('Pass not found')
    expect((await trial({ subscription_id: noTrial.id, card: VISA })).body.message).toBe(
      'The free trial is for new subscribers only.',
    )
    expect(
      await trial({ subscription_id: trialSub.id, card: VISA, coupon: 'FIELDHOUSE20', idempotency_key: 'trial-code' }),
    ).toMatchObject({ status: 422, body: { message: 'A promo code cannot be used with a free trial.' } })
    // Refused before anything was held: the trial is still there, and no order was made.
    expect((await ctx.json(`/api/user/access?api_key=${key}`)).body.data.trial_period_used).toBe(false)
    expect((await ctx.json(`/api/orders?api_key=${key}`)).body.data).toEqual([])

    expect((await post('/api/stripe/unsubscribe', key, {})).body.message).toBe('id not selected')
    const addon = await post('/api/stripe/buy', key, { id: byKind('addon').id, card: VISA })
    await settled(key, addon.body.data.id)
    expect(await post('/api/stripe/unsubscribe', key, { order_id: addon.body.data.id })).toMatchObject({
      status: 422,
      body: { message: 'Only subscriptions renew.' },
    })
    const other = await signedInKey(ctx)
    expect((await post('/api/stripe/unsubscribe', other, { order_id: addon.body.data.id })).status).toBe(404)
  })

  it('a declined trial does not use up the trial: the viewer may start one with another card', async () => {
    const key = await signedInKey(ctx)
    const monthly = passes.find((p) => p.kind === 'subscription' && p.trial_period > 0) as (typeof passes)[number]
    const declined = await post('/api/stripe/subscription/start_trial', key, {
      subscription_id: monthly.id,
      card: DECLINED,
    })
    expect(declined.body.data).toMatchObject({ status: 'failed', failure_message: 'Your card was declined.' })
    expect((await ctx.json(`/api/user/access?api_key=${key}`)).body.data.trial_period_used).toBe(false)
    const placed = await post('/api/stripe/subscription/start_trial', key, { subscription_id: monthly.id, card: VISA })
    expect(placed.status).toBe(200)
    expect(await settled(key, placed.body.data.id)).toMatchObject({ status: 'paid', activity_status: 'active' })
    expect((await ctx.json(`/api/user/access?api_key=${key}`)).body.data.trial_period_used).toBe(true)
  })

  it('a subscription carries no service fee: what is quoted is what is charged', async () => {
    const key = await signedInKey(ctx)
    const session = await ctx.app.services.keys.sessionForKeyHash(hashToken(key))
    const now = Date.now()
    const { id } = await ctx.db.kysely
      .insertInto('passes')
      .values({
        channel_id: session.channel.id,
        kind: 'subscription',
        name: 'Weekend Pass',
        description: null,
        price: 1999,
        base_price: 1999,
        service_fee: 250,
        image: null,
        offer: 'monthly',
        period: 'monthly',
        trial_period: 0,
        pass_type: 'regular',
        is_team_pass: 0,
        event_categories: '[]',
        participants: '[]',
        event_id: null,
        capabilities: '["watch"]',
        weight: 0,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    expect((await ctx.json(`/api/subscriptions/${id}?api_key=${key}`)).body.data).toMatchObject({
      price: 19.99,
      service_fee: 0,
    })
    const preview = (await post('/api/stripe/invoice-preview', key, { subscription_id: id })).body.data
    expect(preview).toMatchObject({ price: 19.99, service_fee: 0, total: 19.99 })
    const withCode = (await ctx.json(`/api/apply_coupon?code=FIELDHOUSE20&id=${id}&api_key=${key}`)).body.data
    expect(withCode).toMatchObject({ discount: 4, service_fee: 0, total: 15.99 })

    const placed = await post('/api/stripe/buy', key, { id, card: VISA, coupon: 'FIELDHOUSE20' })
    expect(await settled(key, placed.body.data.id)).toMatchObject({ status: 'paid', amount: 15.99, service_fee: 0 })
    const [charge] = await ctx.db.kysely
      .selectFrom('test_gateway_payments')
      .select('amount')
      .where('order_id', '=', placed.body.data.id)
      .execute()
    expect(charge?.amount).toBe(Math.round(withCode.total * 100))

    // A package's fee is quoted and charged alike.
    const pkgQuote = (await ctx.json(`/api/apply_coupon?code=FIELDHOUSE20&id=${byKind('package').id}&api_key=${key}`))
      .body.data
    expect(pkgQuote.service_fee).toBeGreaterThan(0)
    const pkg = await post('/api/stripe/buy', key, { id: byKind('package').id, card: VISA, coupon: 'FIELDHOUSE20' })
    await settled(key, pkg.body.data.id)
    const [pkgCharge] = await ctx.db.kysely
      .selectFrom('test_gateway_payments')
      .select('amount')
      .where('order_id', '=', pkg.body.data.id)
      .execute()
    expect(pkgCharge?.amount).toBe(Math.round(pkgQuote.total * 100))
  })

  it('a failed payment gives its coupon redemption back; the cap holds under concurrency', async () => {
    const channelId = (await ctx.app.services.keys.sessionForKeyHash(hashToken(await signedInKey(ctx)))).channel.id
    const coupon = (code: string, max: number) =>
      ctx.db.kysely
        .insertInto('coupons')
        .values({
          channel_id: channelId,
          code,
          percent_off: 10,
          amount_off: null,
          applies_to: '[]',
          expires_at: null,
          max_redemptions: max,
          redemptions: 0,
        })
        .execute()
    const redemptions = async (code: string) =>
      (
        await ctx.db.kysely
          .selectFrom('coupons')
          .select('redemptions')
          .where('code', '=', code)
          .executeTakeFirstOrThrow()
      ).redemptions
    const addon = byKind('addon').id

    await coupon('ONCEONLY', 1)
    const declined = await post('/api/stripe/buy', await signedInKey(ctx), {
      id: addon,
      card: DECLINED,
      coupon: 'onceonly',
    })
    expect(declined.body.data.status).toBe('failed')
    expect(await redemptions('ONCEONLY')).toBe(0)
    const buyer = await signedInKey(ctx)
    const paid = await post('/api/stripe/buy', buyer, { id: addon, card: VISA, coupon: 'ONCEONLY' })
    expect(await settled(buyer, paid.body.data.id)).toMatchObject({ status: 'paid', coupon: 'ONCEONLY' })
    expect(await redemptions('ONCEONLY')).toBe(1)
    const late = await post('/api/stripe/buy', await signedInKey(ctx), { id: addon, card: VISA, coupon: 'ONCEONLY' })
    expect(late).toMatchObject({ status: 422, body: { message: 'Wrong promo code' } })

    await coupon('TWICE', 2)
    const viewers = await Promise.all(Array.from({ length: 6 }, () => signedInKey(ctx)))
    const answers = await Promise.all(
      viewers.map((k) => post('/api/stripe/buy', k, { id: addon, card: VISA, coupon: 'TWICE' })),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2)
    expect(answers.filter((a) => a.status === 422 && a.body.message === 'Wrong promo code')).toHaveLength(4)
    expect(await redemptions('TWICE')).toBe(2)
  })

  it('hands out a SetupIntent secret and the customer portal (the profile, offline); previews an invoice', async () => {
    const anon = await ctx.apiKey()
    expect((await post('/api/stripe/setup-intent', anon, {})).body.message).toBe('user must be logged in')
    const key = await signedInKey(ctx)
    expect((await post('/api/stripe/setup-intent', key, {})).body.data.client_secret).toMatch(/^seti_test_.+_secret_/)
    const portal = await ctx.json(`/api/stripe/customer-portal?api_key=${key}`)
    expect(portal.body.data.url).toBe(`${ctx.baseUrl}/profile`)
    const monthly = passes.find((p) => p.kind === 'subscription' && p.trial_period > 0) as (typeof passes)[number]
    const preview = (
      await post('/api/stripe/invoice-preview', key, { subscription_id: monthly.id, coupon: 'fieldhouse20' })
    ).body.data
    expect(preview).toMatchObject({
      price: monthly.price,
      discount: Math.round(monthly.price * 20) / 100,
      tax: 0,
      coupon: 'FIELDHOUSE20',
    })
    expect(preview.total).toBeCloseTo(monthly.price - preview.discount, 2)
    expect(Date.parse(preview.trial_ends_at) - Date.now()).toBeGreaterThan((monthly.trial_period - 1) * 86_400_000)
    expect((await post('/api/stripe/invoice-preview', key, {})).body.message).toBe('id not selected')
    expect((await post('/api/stripe/invoice-preview', key, { subscription_id: 999999 })).body.message).toBe(
      'Pass not found',
    )
  })

  it('lists all orders by default and with no_limit=1, a page with limit and offset', async () => {
    const key = await signedInKey(ctx)
    const ids: number[] = []
    for (const p of [byKind('addon'), byKind('package'), eventPass(paidEvent.id)]) {
      const placed = await post('/api/stripe/buy', key, { id: p.id, card: VISA })
      ids.push((await settled(key, placed.body.data.id)).id)
    }
    const newestFirst = [...ids].reverse()
    const all = await ctx.json(`/api/orders?api_key=${key}`)
    expect(all.body.data.map((o: { id: number }) => o.id)).toEqual(newestFirst)
    expect(all.body.meta).toMatchObject({ total: 3, offset: 0, limit: null })
    const first = await ctx.json(`/api/orders?limit=2&api_key=${key}`)
    expect(first.body.data.map((o: { id: number }) => o.id)).toEqual(newestFirst.slice(0, 2))
    expect(first.body.meta).toMatchObject({ total: 3, offset: 0, limit: 2 })
    const second = await ctx.json(`/api/orders?limit=2&offset=2&api_key=${key}`)
    expect(second.body.data.map((o: { id: number }) => o.id)).toEqual(newestFirst.slice(2))
    const unlimited = await ctx.json(`/api/orders?no_limit=1&limit=1&api_key=${key}`)
    expect(unlimited.body.data).toHaveLength(3)
  })

  it('a trial order shows what was charged: nothing now, the price once the sweep converts it', async () => {
    const key = await signedInKey(ctx)
    const monthly = passes.find((p) => p.kind === 'subscription' && p.trial_period > 0) as (typeof passes)[number]
    const placed = await post('/api/stripe/subscription/start_trial', key, { subscription_id: monthly.id, card: VISA })
    expect(placed.body.data).toMatchObject({ status: 'created', amount: 0, discount: 0, service_fee: 0 })
    const trialing = await settled(key, placed.body.data.id)
    expect(trialing).toMatchObject({ status: 'paid', amount: 0 })
    expect((await ctx.json(`/api/transactions?api_key=${key}`)).body.data).toMatchObject([
      { type: 'New subscription', amount: 0 },
    ])

    // The worker's minute sweep, run with a clock past the trial's end, charges the saved card.
    let now = Date.parse(trialing.trial_ends_at) + 60_000
    const clock = () => now
    const gateway: TestGateway = new TestGateway(new TestGatewayRepository(ctx.db.kysely), {
      clock,
      delayMs: 0,
      deliver: (e) => worker.events.handleEvent(e).then(() => undefined),
    })
    const worker = createPayments({
      repo: new PaymentsRepository(ctx.db.kysely),
      orders: new OrdersRepository(ctx.db.kysely, ctx.db.dialect),
      gateway,
      log: ctx.app.log,
      clock,
      access: ctx.app.services.access,
    })
    await worker.renewals.renewDue()
    const converted = await until(async () => {
      const o = (await ctx.json(`/api/orders/${placed.body.data.id}?api_key=${key}`)).body.data
      return o.amount > 0 ? o : null
    }, 'the conversion')
    expect(converted).toMatchObject({ status: 'paid', activity_status: 'active', amount: monthly.price })
    expect(Date.parse(converted.expires_at)).toBe(Date.parse(trialing.trial_ends_at) + 30 * 86_400_000)
    const transactions = (await ctx.json(`/api/transactions?api_key=${key}`)).body.data
    expect(transactions.map((t: { type: string; amount: number }) => [t.type, t.amount]).sort()).toEqual([
      ['New subscription', 0],
      ['Subscription Renewal', monthly.price],
    ])
    now += 60_000
    await worker.renewals.renewDue()
    expect((await ctx.json(`/api/transactions?api_key=${key}`)).body.data).toHaveLength(2)
  })
})
