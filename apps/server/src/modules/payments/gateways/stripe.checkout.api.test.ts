import { describe, expect, it } from 'vitest'
import { hashToken } from '../../../lib/secrets.js'
import { testDatabases } from '../../../test/context.js'
import { signedInKey } from '../../../test/factories.js'
import {
  addon,
  confirmInBrowser,
  ctx,
  DAY,
  monthly,
  orderOf,
  passes,
  post,
  row,
  season,
  send,
  standin,
  useStripeApp,
} from './stripe.test-support.js'

/** The product with a Stripe key, on each test database: checkout, trials, saved cards and 3-D Secure. */
describe.each(testDatabases())('payments through Stripe on %s', (kind) => {
  useStripeApp(kind)

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
    expect((await send(payload, header)).status).toBe(200)
    // A redelivery of the same event changes nothing.
    expect((await send(payload, header)).body.outcome).toBe('duplicate')
    const order = (await ctx.json(`/api/orders/${placed.body.data.id}?api_key=${key}`)).body.data
    expect(order).toMatchObject({ status: 'paid', activity_status: 'active' })
    expect((await ctx.json(`/api/stripe/list-cards?api_key=${key}`)).body.data).toMatchObject([
      { id: expect.stringMatching(/^pm_(?!card_)/), last4: '4242' },
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
    expect((await standin.deliver('customer.subscription.created', sub)).status).toBe(200)
    const order = (await ctx.json(`/api/orders/${row.id}?api_key=${key}`)).body.data
    expect(order).toMatchObject({ status: 'paid', activity_status: 'active', auto_renew: true })
    expect(Date.parse(order.trial_ends_at)).toBeGreaterThan(Date.now() + 6 * DAY)

    const cancelled = await post('/api/stripe/unsubscribe', key, { order_id: row.id })
    expect(cancelled.body.data.auto_renew).toBe(false)
    expect(standin.objects.get(sub.id as string)).toMatchObject({ cancel_at_period_end: true })
  })

  it('hands out a SetupIntent secret, the customer portal and an invoice preview with a coupon', async () => {
    const key = await signedInKey(ctx)
    expect((await post('/api/stripe/setup-intent', key, {})).body.data.client_secret).toMatch(/^seti_.+_secret_/)
    expect((await ctx.json(`/api/stripe/customer-portal?api_key=${key}`)).body.data.url).toMatch(
      /^https:\/\/billing\.stripe\.test\/session\/cus_/,
    )
    const season = passes.find((p) => p.kind === 'subscription' && p.trial_period === 0) as (typeof passes)[number]
    const previews = standin.requests.filter((r) => r.path === '/v1/invoices/create_preview').length
    const preview = await post('/api/stripe/invoice-preview', key, {
      subscription_id: season.id,
      coupon: 'FIELDHOUSE20',
    })
    expect(preview.body.data).toMatchObject({ price: 99.99, discount: 20, total: 79.99, coupon: 'FIELDHOUSE20' })
    // This viewer has a Stripe customer now, so Stripe did the arithmetic.
    expect(standin.requests.filter((r) => r.path === '/v1/invoices/create_preview')).toHaveLength(previews + 1)
    const session = await ctx.app.services.keys.sessionForKeyHash(hashToken(key))
    expect(session.userId).not.toBeNull()
  })

  it('a subscription bought without “save card” attaches the card, keeps it, and makes it the default', async () => {
    const key = await signedInKey(ctx)
    const placed = await post('/api/stripe/buy', key, { id: season().id, payment_method_id: 'pm_card_visa' })
    expect(placed.status).toBe(200)
    expect(placed.body.data).toMatchObject({ status: 'created', type: 'subscription', next_action: null })
    const order = await row(placed.body.data.id)
    const customer = await ctx.db.kysely
      .selectFrom('payment_customers')
      .select('customer_id')
      .where('user_id', '=', order.user_id)
      .executeTakeFirstOrThrow()
    const cards = (await ctx.json(`/api/stripe/list-cards?api_key=${key}`)).body.data
    expect(cards).toMatchObject([{ id: expect.stringMatching(/^pm_(?!card_)/), last4: '4242' }])
    const sub = standin.objects.get(order.provider_subscription_id as string) as Record<string, any>
    expect(sub).toMatchObject({ status: 'active', customer: customer.customer_id, default_payment_method: cards[0].id })
    expect(standin.objects.get(cards[0].id)?.customer).toBe(customer.customer_id)
    expect((await standin.deliver('invoice.paid', standin.objects.get(sub.latest_invoice) ?? {})).status).toBe(200)
    expect(await orderOf(key, order.id)).toMatchObject({
      status: 'paid',
      activity_status: 'active',
      amount: season().price,
    })
  })

  it('a trial declined by the card leaves the trial to the viewer', async () => {
    const key = await signedInKey(ctx)
    const declined = await post('/api/stripe/subscription/start_trial', key, {
      subscription_id: monthly().id,
      payment_method_id: 'pm_card_chargeDeclined',
    })
    expect(declined.body.data).toMatchObject({ status: 'failed', failure_message: 'Your card was declined.' })
    expect((await ctx.json(`/api/user/access?api_key=${key}`)).body.data.trial_period_used).toBe(false)
  })

  it('3-D Secure: the order answers the client secret to its buyer, the browser confirms, the webhook settles', async () => {
    const key = await signedInKey(ctx)
    const checkout = {
      id: addon().id,
      payment_method_id: 'pm_card_authenticationRequired',
      idempotency_key: '3ds-checkout-one',
    }
    const placed = await post('/api/stripe/buy', key, checkout)
    const nextAction = placed.body.data.next_action
    expect(placed.body.data).toMatchObject({ status: 'created' })
    expect(nextAction).toEqual({ type: 'stripe_3ds', client_secret: expect.stringMatching(/^pi_.+_secret_/) })
    const id = placed.body.data.id
    // Polled, retried: the buyer gets it again; the list carries none; nobody else sees the order.
    expect((await orderOf(key, id)).next_action).toEqual(nextAction)
    expect((await post('/api/stripe/buy', key, checkout)).body.data).toMatchObject({ id, next_action: nextAction })
    expect((await ctx.json(`/api/orders?api_key=${key}`)).body.data).toMatchObject([{ id, next_action: null }])
    expect((await ctx.json(`/api/orders/${id}?api_key=${await signedInKey(ctx)}`)).status).toBe(404)

    expect((await confirmInBrowser(standin, nextAction.client_secret)).status).toBe(200)
    expect(await orderOf(key, id)).toMatchObject({ status: 'created', next_action: null })
    const intent = standin.objects.get((await row(id)).provider_payment_id as string) ?? {}
    expect((await standin.deliver('payment_intent.succeeded', intent)).status).toBe(200)
    expect(await orderOf(key, id)).toMatchObject({ status: 'paid', activity_status: 'active', next_action: null })
  })

  it('3-D Secure on a subscription’s first invoice: confirmed in the browser, the invoice paid settles it', async () => {
    const key = await signedInKey(ctx)
    const placed = await post('/api/stripe/buy', key, {
      id: season().id,
      payment_method_id: 'pm_card_authenticationRequired',
    })
    expect(placed.body.data.next_action).toEqual({ type: 'stripe_3ds', client_secret: expect.any(String) })
    const sub = standin.objects.get((await row(placed.body.data.id)).provider_subscription_id as string) ?? {}
    expect(sub.status).toBe('incomplete')
    expect((await confirmInBrowser(standin, placed.body.data.next_action.client_secret)).status).toBe(200)
    expect(sub.status).toBe('active')
    expect((await standin.deliver('invoice.paid', standin.objects.get(sub.latest_invoice) ?? {})).status).toBe(200)
    expect(await orderOf(key, placed.body.data.id)).toMatchObject({ status: 'paid', amount: season().price })
  })
})
