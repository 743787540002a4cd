import { catalogueMessages } from '@fieldhouse/contract'
import { describe, expect, it } from 'vitest'
import { testDatabases } from '../../test/context.js'
import { signedInKey } from '../../test/factories.js'
import { buildOperator } from '../../test/operators.js'
import { createSale, sampleCoupon, samplePass } from '../../test/sales.js'
import { ctx, orderOf, post, standin, useStripeApp } from './gateways/stripe.test-support.js'
import { until } from './payments.test-support.js'

/** Stripe's webhook for the order's subscription, as Stripe would send it: the order becomes paid. */
async function subscribed(viewer: string, orderId: number) {
  const row = await ctx.db.kysely
    .selectFrom('orders')
    .select('provider_subscription_id')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow()
  const sub = standin.objects.get(row.provider_subscription_id as string) as Record<string, any>
  expect((await standin.deliver('invoice.paid', standin.objects.get(sub.latest_invoice) ?? {})).status).toBe(200)
  await until(async () => (await orderOf(viewer, orderId)).status === 'paid', 'the subscription paid')
  return sub
}

const posts = (path: string | RegExp) =>
  standin.requests.filter(
    (r) => r.method === 'POST' && (typeof path === 'string' ? r.path === path : path.test(r.path)),
  )

/**
 * The console's passes with Stripe configured (decision 0035), against the loopback stand-in: a pass
 * gets its product and price at Stripe, checkout subscribes to that price, a price change makes a new
 * price and moves running subscriptions to it from their renewal, and a refusal changes nothing.
 */
describe.each(testDatabases())('console passes priced at Stripe on %s', (kind) => {
  useStripeApp(kind)

  const manager = async () => (await buildOperator(ctx, 'demo', 'manager')).key
  const patch = async (key: string, id: number, body: object) =>
    ctx.json(`/api/admin/passes/${id}`, { method: 'PATCH', headers: { authorization: `Bearer ${key}` }, body })

  it('makes the product and price at Stripe; checkout subscribes to that price', async () => {
    const key = await manager()
    const pass = await createSale(ctx, key, 'passes', samplePass({ name: 'Stripe monthly', price: 1100 }))
    expect(pass.stripe_price_id).toMatch(/^price_/)
    const price = standin.objects.get(pass.stripe_price_id)
    expect(price).toMatchObject({
      unit_amount: 1100,
      currency: 'usd',
      active: true,
      recurring: { interval: 'day', interval_count: 30 },
    })
    expect(standin.objects.get(price?.product)).toMatchObject({
      name: 'Stripe monthly',
      metadata: { pass_id: String(pass.id) },
    })
    const oneTime = await createSale(ctx, key, 'passes', {
      kind: 'addon',
      name: 'Clips',
      price: 500,
      event_categories: [1],
    })
    expect(standin.objects.get(oneTime.stripe_price_id)).toMatchObject({ unit_amount: 500, recurring: null })

    const viewer = await signedInKey(ctx)
    const placed = await post('/api/stripe/buy', viewer, { id: pass.id, payment_method_id: 'pm_card_visa' })
    expect(placed.status).toBe(200)
    expect(posts('/v1/subscriptions').at(-1)?.body.items).toEqual([{ price: pass.stripe_price_id }])
    await subscribed(viewer, placed.body.data.id)
  })

  it('a price change makes a new price; subscribers keep theirs until renewal; a rename keeps the price', async () => {
    const key = await manager()
    const pass = await createSale(ctx, key, 'passes', samplePass({ price: 2000 }))
    const viewer = await signedInKey(ctx)
    const placed = await post('/api/stripe/buy', viewer, { id: pass.id, payment_method_id: 'pm_card_visa' })
    const subscription = await subscribed(viewer, placed.body.data.id)
    const invoicesBefore = [...standin.objects.values()].filter((o) => o.object === 'invoice').length

    const changed = await patch(key, pass.id, { price: 2500 })
    expect(changed.status).toBe(200)
    expect(changed.body.data).toMatchObject({ price: 2500, subscribers: 1 })
    expect(changed.body.data.stripe_price_id).not.toBe(pass.stripe_price_id)
    expect(standin.objects.get(changed.body.data.stripe_price_id)).toMatchObject({ unit_amount: 2500, active: true })
    expect(standin.objects.get(pass.stripe_price_id)?.active).toBe(false)
    // The running subscription pays the new price from its next renewal: moved without proration, nothing charged now.
    const move = posts(`/v1/subscriptions/${subscription.id}`).at(-1)
    expect(move?.body).toMatchObject({
      proration_behavior: 'none',
      items: [{ price: changed.body.data.stripe_price_id }],
    })
    expect(subscription?.items.data[0].price.id).toBe(changed.body.data.stripe_price_id)
    expect([...standin.objects.values()].filter((o) => o.object === 'invoice').length).toBe(invoicesBefore)

    const prices = posts('/v1/prices').length
    const renamed = await patch(key, pass.id, { name: 'Renamed pass' })
    expect(renamed.body.data.stripe_price_id).toBe(changed.body.data.stripe_price_id)
    expect(posts('/v1/prices')).toHaveLength(prices)
    expect(standin.objects.get(standin.objects.get(renamed.body.data.stripe_price_id)?.product)?.name).toBe(
      'Renamed pass',
    )
  })

  it('a price Stripe refuses changes nothing, and says so', async () => {
    const key = await manager()
    const pass = await createSale(ctx, key, 'passes', samplePass({ price: 900 }))
    await ctx.db.kysely
      .updateTable('passes')
      .set({ stripe_product_id: 'prod_gone' })
      .where('id', '=', pass.id)
      .execute()
    const refused = await patch(key, pass.id, { price: 950, name: 'Not this' })
    expect([refused.status, refused.body.message]).toEqual([502, catalogueMessages.stripeFailed])
    const now = await ctx.json(`/api/admin/passes/${pass.id}`, { headers: { authorization: `Bearer ${key}` } })
    expect(now.body.data).toMatchObject({ price: 900, name: pass.name, stripe_price_id: pass.stripe_price_id })
  })

  it('a coupon for every renewal for N months becomes a repeating Stripe coupon', async () => {
    const key = await manager()
    const pass = await createSale(ctx, key, 'passes', samplePass({ price: 1000 }))
    const coupon = await createSale(
      ctx,
      key,
      'coupons',
      sampleCoupon({ percent_off: 20, duration: 'repeating', duration_months: 3 }),
    )
    const viewer = await signedInKey(ctx)
    const placed = await post('/api/stripe/buy', viewer, {
      id: pass.id,
      payment_method_id: 'pm_card_visa',
      coupon: coupon.code,
    })
    expect(placed.status).toBe(200)
    const made = posts('/v1/coupons').find((r) => r.body.duration === 'repeating')
    expect(made?.body).toMatchObject({ percent_off: '20', duration: 'repeating', duration_in_months: '3' })
    expect(posts('/v1/subscriptions').at(-1)?.body.discounts).toEqual([{ coupon: made?.body.id }])
  })
})
