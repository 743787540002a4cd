import { describe, expect, it } from 'vitest'
import { testDatabases } from '../../test/context.js'
import { signedInKey } from '../../test/factories.js'
import {
  byKind,
  ctx,
  DECLINED,
  eventPass,
  paidEvent,
  passes,
  post,
  settled,
  until,
  usePaymentsContext,
  VISA,
} from './payments.test-support.js'

/** Checkout of games, packages and bundles with the offline test gateway, on a real database. */
describe.each(testDatabases())('passes and payments on %s', (kind) => {
  usePaymentsContext(kind)

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
})
