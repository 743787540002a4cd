import { describe, expect, it } from 'vitest'
import { hashToken } from '../../lib/secrets.js'
import { testDatabases } from '../../test/context.js'
import { signedInKey } from '../../test/factories.js'
import { BundlesRepository } from './bundles.repository.js'
import type { GatewayEvent } from './gateways/gateway.js'
import { TestGateway } from './gateways/test.gateway.js'
import { TestGatewayRepository } from './gateways/test-gateway.repository.js'
import { OrdersRepository } from './orders.repository.js'
import { PassesRepository } from './passes.repository.js'
import { createPayments } from './payments.module.js'
import { PaymentsRepository } from './payments.repository.js'
import {
  ctx,
  DECLINED,
  paidEvent,
  passes,
  post,
  settled,
  until,
  usePaymentsContext,
  VISA,
} from './payments.test-support.js'

/** Subscriptions, trials and renewals with the offline test gateway, on a real database. */
describe.each(testDatabases())('passes and payments on %s', (kind) => {
  usePaymentsContext(kind)

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

  it('a trial order shows what was charged: nothing now, the price once the sweep converts it', async () => {
    const key = await signedInKey(ctx)
    const monthly = passes.find((p) => p.kind === 'subscription' && p.trial_period > 0) as (typeof passes)[number]
    const placed = await post('/api/stripe/subscription/start_trial', key, { subscription_id: monthly.id, card: VISA })
    expect(placed.body.data).toMatchObject({ status: 'created', amount: 0, discount: 0, service_fee: 0 })
    const trialing = await settled(key, placed.body.data.id)
    expect(trialing).toMatchObject({ status: 'paid', amount: 0 })
    // The provider's events may come in any order: the subscription's (the order is paid) can come
    // before its first invoice's (the transaction), so the transaction is waited for.
    const first = await until(async () => {
      const data = (await ctx.json(`/api/transactions?api_key=${key}`)).body.data
      return data.length > 0 ? data : null
    }, 'the first transaction')
    expect(first).toMatchObject([{ type: 'New subscription', amount: 0 }])

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
      passes: new PassesRepository(ctx.db.kysely),
      bundles: new BundlesRepository(ctx.db.kysely),
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
