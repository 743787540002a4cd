import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashToken } from '../../../lib/secrets.js'
import { createTestContext, type TestContext } from '../../../test/context.js'
import { signedInKey } from '../../../test/factories.js'
import { startStripeStandin } from '../../../test/stripe-standin.js'

const SECRET_KEY = 'sk_test_fieldhouse_standin'
const WEBHOOK_SECRET = 'whsec_fieldhouse_standin'

/**
 * The Stripe gateway end to end: the product configured with a Stripe key, the official SDK pointed at
 * a loopback stand-in of Stripe's REST API, and webhooks signed with the SDK's own test helper.
 */
describe('payments through Stripe', () => {
  let ctx: TestContext
  let standin: Awaited<ReturnType<typeof startStripeStandin>>
  let passes: { id: number; kind: string; trial_period: number; event_id: number | null }[]

  beforeAll(async () => {
    standin = await startStripeStandin({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET })
    ctx = await createTestContext('sqlite', {
      env: {
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_fieldhouse',
        STRIPE_API_BASE: standin.url,
      },
    })
    const anon = await ctx.apiKey()
    passes = [
      ...(await ctx.json(`/api/packages?api_key=${anon}`)).body.data,
      ...(await ctx.json(`/api/subscriptions?api_key=${anon}`)).body.data,
    ]
  })
  afterAll(async () => {
    await ctx?.close()
    await standin?.close()
  })

  const post = (path: string, key: string, body: object) =>
    ctx.json(path, { method: 'POST', body: { api_key: key, ...body } })
  const addon = () => passes.find((p) => p.kind === 'addon') as (typeof passes)[number]
  const deliver = (payload: string, header: string) =>
    ctx.json('/api/hooks/stripe', { method: 'POST', body: payload, headers: { 'stripe-signature': header } })
  const ledger = async () => (await ctx.db.kysely.selectFrom('payment_events').selectAll().execute()).length

  it('says which gateway takes the money, with the publishable key for Elements', async () => {
    expect((await ctx.json(`/api/stripe/config?api_key=${await ctx.apiKey()}`)).body.data).toEqual({
      gateway: 'stripe',
      publishable_key: 'pk_test_fieldhouse',
    })
  })

  it('charges a card once per order, and the signed webhook makes the order paid', async () => {
    const key = await signedInKey(ctx)
    const placed = await post('/api/stripe/buy', key, {
      id: addon().id,
      payment_method_id: 'pm_card_visa',
      save_card: true,
      idempotency_key: 'stripe-checkout-1',
    })
    expect(placed.body.data.status).toBe('created')
    const again = await post('/api/stripe/buy', key, {
      id: addon().id,
      payment_method_id: 'pm_card_visa',
      save_card: true,
      idempotency_key: 'stripe-checkout-1',
    })
    expect(again.body.data.id).toBe(placed.body.data.id)
    const intents = standin.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents')
    expect(intents).toHaveLength(1)
    expect(intents[0]).toMatchObject({
      idempotencyKey: `order-${placed.body.data.id}`,
      body: { amount: '499', currency: 'usd', confirm: 'true', metadata: { order_id: String(placed.body.data.id) } },
    })
    const row = await ctx.db.kysely
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', placed.body.data.id)
      .executeTakeFirstOrThrow()
    const intent = standin.objects.get(row.provider_payment_id as string) as Record<string, unknown>
    const { payload, header } = standin.signedEvent('payment_intent.succeeded', intent)
    expect((await deliver(payload, header)).status).toBe(200)
    // A redelivery of the same event changes nothing.
    expect((await deliver(payload, header)).body.outcome).toBe('duplicate')
    const order = (await ctx.json(`/api/orders/${placed.body.data.id}?api_key=${key}`)).body.data
    expect(order).toMatchObject({ status: 'paid', activity_status: 'active' })
    expect((await ctx.json(`/api/stripe/list-cards?api_key=${key}`)).body.data).toMatchObject([
      { id: 'pm_card_visa', last4: '4242' },
    ])
  })

  it('a declined card fails the order with Stripe’s message', async () => {
    const key = await signedInKey(ctx)
    const placed = await post('/api/stripe/buy', key, { id: addon().id, payment_method_id: 'pm_card_chargeDeclined' })
    expect(placed.body.data).toMatchObject({ status: 'failed', failure_message: 'Your card was declined.' })
    const poor = await post('/api/stripe/buy', key, {
      id: addon().id,
      payment_method_id: 'pm_card_chargeDeclinedInsufficientFunds',
      idempotency_key: 'stripe-insufficient',
    })
    expect(poor.body.data.failure_message).toBe('Your card has insufficient funds.')
  })

  it('a trial subscription is trialing at Stripe; its webhook opens the pass and shows the trial', async () => {
    const key = await signedInKey(ctx)
    const monthly = passes.find((p) => p.kind === 'subscription' && p.trial_period > 0) as (typeof passes)[number]
    const placed = await post('/api/stripe/subscription/start_trial', key, {
      subscription_id: monthly.id,
      payment_method_id: 'pm_card_visa',
      save_card: true,
    })
    const row = await ctx.db.kysely
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', placed.body.data.id)
      .executeTakeFirstOrThrow()
    const sub = standin.objects.get(row.provider_subscription_id as string) as Record<string, unknown>
    expect(sub).toMatchObject({ status: 'trialing', metadata: { order_id: String(row.id) } })
    const { payload, header } = standin.signedEvent('customer.subscription.created', sub)
    await deliver(payload, header)
    const order = (await ctx.json(`/api/orders/${row.id}?api_key=${key}`)).body.data
    expect(order).toMatchObject({ status: 'paid', activity_status: 'active', auto_renew: true })
    expect(Date.parse(order.trial_ends_at)).toBeGreaterThan(Date.now() + 6 * 86_400_000)

    const cancelled = await post('/api/stripe/unsubscribe', key, { order_id: row.id })
    expect(cancelled.body.data.auto_renew).toBe(false)
    expect(standin.objects.get(sub.id as string)).toMatchObject({ cancel_at_period_end: true })
  })

  it('refuses forged, tampered and stale webhook signatures, writing nothing', async () => {
    const intent = {
      id: 'pi_forged',
      object: 'payment_intent',
      amount: 499,
      amount_received: 499,
      metadata: { order_id: '1' },
    }
    const before = await ledger()
    const forged = standin.signedEvent('payment_intent.succeeded', intent, { secret: 'whsec_someone_else' })
    expect((await deliver(forged.payload, forged.header)).status).toBe(400)
    const genuine = standin.signedEvent('payment_intent.succeeded', intent)
    const tampered = genuine.payload.replace('"amount":499', '"amount":1')
    expect((await deliver(tampered, genuine.header)).status).toBe(400)
    const stale = standin.signedEvent('payment_intent.succeeded', intent, {
      timestamp: Math.floor(Date.now() / 1000) - 600,
    })
    expect((await deliver(stale.payload, stale.header)).status).toBe(400)
    expect((await ctx.json('/api/hooks/stripe', { method: 'POST', body: genuine.payload })).status).toBe(400)
    expect(await ledger()).toBe(before)
  })

  it('hands out a SetupIntent secret, the customer portal and an invoice preview with a coupon', async () => {
    const key = await signedInKey(ctx)
    expect((await post('/api/stripe/setup-intent', key, {})).body.data.client_secret).toMatch(/^seti_.+_secret_/)
    expect((await ctx.json(`/api/stripe/customer-portal?api_key=${key}`)).body.data.url).toMatch(
      /^https:\/\/billing\.stripe\.test\/session\/cus_/,
    )
    const season = passes.find((p) => p.kind === 'subscription' && p.trial_period === 0) as (typeof passes)[number]
    const preview = await post('/api/stripe/invoice-preview', key, {
      subscription_id: season.id,
      coupon: 'FIELDHOUSE20',
    })
    expect(preview.body.data).toMatchObject({ price: 99.99, discount: 20, total: 79.99, coupon: 'FIELDHOUSE20' })
    const session = await ctx.app.services.keys.sessionForKeyHash(hashToken(key))
    expect(session.userId).not.toBeNull()
  })
})
