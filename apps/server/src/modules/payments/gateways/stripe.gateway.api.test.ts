import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashToken } from '../../../lib/secrets.js'
import { createTestContext, type TestContext } from '../../../test/context.js'
import { signedInKey } from '../../../test/factories.js'
import { type StripeStandin, startStripeStandin } from '../../../test/stripe-standin.js'
import { CardError, type GatewayEvent, type PaymentSource, WebhookSignatureError } from './gateway.js'
import { StripeGateway } from './stripe.gateway.js'

const SECRET_KEY = 'sk_test_fieldhouse_standin'
const WEBHOOK_SECRET = 'whsec_fieldhouse_standin'
const DAY = 86_400_000

const card = (paymentMethodId: string, save = false): PaymentSource => ({ kind: 'new', paymentMethodId, save })

/**
 * The gateway on its own: the official SDK pointed at the loopback stand-in of Stripe's REST API
 * (host, port, protocol), and webhooks posted by the stand-in, signed with the SDK's test helper, to
 * an endpoint that hands the raw body to `parseWebhook`. No database.
 */
describe('StripeGateway against the Stripe stand-in', () => {
  let standin: StripeStandin
  let gateway: StripeGateway
  let endpoint: http.Server
  let userId = 100
  let orderId = 1000

  const customer = () =>
    gateway.createCustomer({ id: ++userId, email: `fan${userId}@example.com`, name: 'Fan', channelId: 3 })
  const posts = (path: string) => standin.requests.filter((r) => r.method === 'POST' && r.path === path)
  const objectsOf = (object: string) => [...standin.objects.values()].filter((o) => o.object === object)
  const charge = async (source: PaymentSource, opts: { customerId?: string; key?: string; order?: number } = {}) => {
    const order = opts.order ?? ++orderId
    return gateway.charge({
      customerId: opts.customerId ?? (await customer()),
      amount: 499,
      currency: 'USD',
      source,
      description: 'Final: Lions v Hawks',
      orderId: order,
      idempotencyKey: opts.key ?? `order-${order}`,
    })
  }
  const subscribe = async (
    source: PaymentSource,
    opts: { customerId?: string; trialDays?: number; discount?: { percentOff?: number; amountOff?: number } } = {},
  ) => {
    const order = ++orderId
    return gateway.subscribe({
      customerId: opts.customerId ?? (await customer()),
      amount: 999,
      currency: 'USD',
      interval: 'month',
      trialDays: opts.trialDays ?? 0,
      source,
      description: 'Monthly pass',
      orderId: order,
      idempotencyKey: `order-${order}`,
      ...(opts.discount ? { discount: opts.discount } : {}),
    })
  }

  beforeAll(async () => {
    standin = await startStripeStandin({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET })
    gateway = new StripeGateway({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      publishableKey: 'pk_test_fieldhouse',
      host: '127.0.0.1',
      port: standin.port,
      protocol: 'http',
    })
    // Our side of a webhook: the raw body and its signature header, straight to the gateway.
    endpoint = http.createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        try {
          const event = gateway.parseWebhook(
            Buffer.concat(chunks),
            req.headers['stripe-signature'] as string | undefined,
          )
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ event }))
        } catch (error) {
          res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: String(error) }))
        }
      })
    })
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve))
    standin.webhookUrl = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/hooks/stripe`
  })
  afterAll(async () => {
    await new Promise((resolve) => endpoint?.close(resolve))
    await standin?.close()
  })

  it('creates a customer named after our user and channel, once per user', async () => {
    const id = await gateway.createCustomer({ id: 7, email: 'ada@example.com', name: 'Ada Lovelace', channelId: 3 })
    expect(id).toMatch(/^cus_/)
    expect(standin.objects.get(id)).toMatchObject({
      object: 'customer',
      livemode: false,
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      metadata: { user_id: '7', channel_id: '3' },
    })
    expect(await gateway.createCustomer({ id: 7, email: 'ada@example.com', name: 'Ada Lovelace', channelId: 3 })).toBe(
      id,
    )
    expect(posts('/v1/customers').filter((r) => r.idempotencyKey === 'customer-3-7')).toHaveLength(2)
    expect(objectsOf('customer').filter((c) => c.metadata.user_id === '7')).toHaveLength(1)
  })

  it('is refused with Stripe’s 401 under another secret key', async () => {
    const stranger = new StripeGateway({
      secretKey: 'sk_test_someone_else',
      webhookSecret: WEBHOOK_SECRET,
      apiBase: standin.url,
    })
    await expect(stranger.listCards('cus_x')).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError)
  })

  it('charges a card with one confirmed, card-only PaymentIntent carrying the order id', async () => {
    const customerId = await customer()
    const result = await charge(card('pm_card_visa'), { customerId, order: 41 })
    expect(result).toEqual({ providerPaymentId: expect.stringMatching(/^pi_/), status: 'succeeded' })
    const [request] = posts('/v1/payment_intents').slice(-1)
    expect(request).toMatchObject({
      idempotencyKey: 'order-41',
      body: {
        amount: '499',
        currency: 'usd',
        customer: customerId,
        payment_method: 'pm_card_visa',
        allowed_payment_method_types: ['card'],
        confirm: 'true',
        off_session: 'false',
        metadata: { order_id: '41' },
      },
    })
    expect(request?.body.setup_future_usage).toBeUndefined()
    expect(request?.body.automatic_payment_methods).toBeUndefined()
    expect(await gateway.retrievePayment(result.providerPaymentId)).toEqual({ status: 'succeeded', amount: 499 })
  })

  it('reports declines as failed payments with Stripe’s message, without throwing', async () => {
    const declined = await charge(card('pm_card_chargeDeclined'))
    expect(declined).toEqual({
      providerPaymentId: expect.stringMatching(/^pi_/),
      status: 'failed',
      failureMessage: 'Your card was declined.',
    })
    expect(await gateway.retrievePayment(declined.providerPaymentId)).toEqual({ status: 'failed', amount: 499 })
    expect(await charge(card('pm_card_chargeDeclinedInsufficientFunds'))).toMatchObject({
      status: 'failed',
      failureMessage: 'Your card has insufficient funds.',
    })
  })

  it('hands 3-D Secure to the browser with the PaymentIntent’s client secret', async () => {
    const result = await charge(card('pm_card_authenticationRequired'))
    expect(result).toMatchObject({ status: 'requires_action', clientSecret: expect.stringMatching(/^pi_.+_secret_/) })
    expect((await gateway.retrievePayment(result.providerPaymentId)).status).toBe('processing')
  })

  it('makes one PaymentIntent for one idempotency key, however often it is asked', async () => {
    const customerId = await customer()
    const first = await charge(card('pm_card_visa'), { customerId, order: 45 })
    const again = await charge(card('pm_card_visa'), { customerId, order: 45 })
    expect(again).toEqual(first)
    expect(posts('/v1/payment_intents').filter((r) => r.idempotencyKey === 'order-45')).toHaveLength(2)
    expect(objectsOf('payment_intent').filter((pi) => pi.metadata.order_id === '45')).toHaveLength(1)
  })

  it('refuses raw card numbers before asking Stripe', async () => {
    const customerId = await customer()
    const before = standin.requests.length
    const raw = { kind: 'test-card', number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123', save: false }
    await expect(charge(raw as PaymentSource, { customerId })).rejects.toBeInstanceOf(CardError)
    expect(standin.requests.length).toBe(before)
  })

  it('saves a card paid with, lists it, and pays with it again', async () => {
    const customerId = await customer()
    expect(await gateway.listCards(customerId)).toEqual([])
    expect((await charge(card('pm_card_visa', true), { customerId })).status).toBe('succeeded')
    expect(posts('/v1/payment_intents').at(-1)?.body.setup_future_usage).toBe('off_session')
    const cards = await gateway.listCards(customerId)
    expect(cards).toEqual([
      {
        id: expect.stringMatching(/^pm_(?!card_)/),
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: expect.any(Number),
      },
    ])
    const saved = { kind: 'saved', paymentMethodId: cards[0]?.id as string } as const
    expect((await charge(saved, { customerId })).status).toBe('succeeded')
  })

  it('starts a 7-day trial: trialing, the period ending in 7 days, the card the default for renewals', async () => {
    const customerId = await customer()
    const result = await subscribe(card('pm_card_visa', true), { customerId, trialDays: 7 })
    expect(result).toEqual({
      providerSubscriptionId: expect.stringMatching(/^sub_/),
      status: 'trialing',
      currentPeriodEnd: expect.any(Number),
    })
    expect(Math.abs(result.currentPeriodEnd - (Date.now() + 7 * DAY))).toBeLessThan(60_000)
    const [attached] = await gateway.listCards(customerId)
    expect(standin.objects.get(customerId)?.invoice_settings.default_payment_method).toBe(attached?.id)
    const created = posts('/v1/subscriptions').at(-1)
    expect(created).toMatchObject({
      idempotencyKey: `order-${orderId}`,
      body: {
        customer: customerId,
        default_payment_method: attached?.id,
        items: [{ price_data: { currency: 'usd', unit_amount: '999', recurring: { interval: 'month' } } }],
        trial_period_days: '7',
        payment_behavior: 'allow_incomplete',
        metadata: { order_id: String(orderId) },
        expand: ['latest_invoice.payments'],
      },
    })
    expect(standin.objects.get(created?.body.items[0].price_data.product)).toMatchObject({ name: 'Monthly pass' })
  })

  it('turns auto-renewal off and on again with cancel_at_period_end', async () => {
    const { providerSubscriptionId: id } = await subscribe(card('pm_card_visa'), { trialDays: 7 })
    await gateway.setCancelAtPeriodEnd(id, true)
    const sub = standin.objects.get(id)
    expect(sub).toMatchObject({ cancel_at_period_end: true, cancel_at: sub?.items.data[0].current_period_end })
    await gateway.setCancelAtPeriodEnd(id, false)
    expect(standin.objects.get(id)).toMatchObject({ cancel_at_period_end: false, cancel_at: null })
  })

  it('charges the first month of a subscription at once, 20 % off with a coupon', async () => {
    const customerId = await customer()
    await charge(card('pm_card_visa', true), { customerId })
    const [saved] = await gateway.listCards(customerId)
    const result = await subscribe(
      { kind: 'saved', paymentMethodId: saved?.id as string },
      {
        customerId,
        discount: { percentOff: 20 },
      },
    )
    expect(result).toMatchObject({ status: 'active', providerPaymentId: expect.stringMatching(/^pi_/) })
    expect(result.currentPeriodEnd).toBeGreaterThan(Date.now() + 27 * DAY)
    expect(standin.objects.get(result.providerPaymentId as string)).toMatchObject({ amount: 799, status: 'succeeded' })
    expect(posts('/v1/subscriptions').at(-1)?.body.discounts).toEqual([{ coupon: 'fieldhouse_20pct_once' }])
    expect(standin.objects.get('fieldhouse_20pct_once')).toMatchObject({ percent_off: 20, duration: 'once' })
  })

  it('reports a subscription whose card is declined as failed, with Stripe’s message', async () => {
    expect(await subscribe(card('pm_card_chargeDeclined'))).toMatchObject({
      status: 'failed',
      failureMessage: 'Your card was declined.',
    })
    const poor = await subscribe(card('pm_card_chargeDeclinedInsufficientFunds'))
    expect(poor).toMatchObject({ status: 'failed', failureMessage: 'Your card has insufficient funds.' })
    expect(standin.objects.get(poor.providerSubscriptionId)).toMatchObject({ status: 'incomplete' })
  })

  it('leaves a subscription needing 3-D Secure incomplete, with the secret to finish it', async () => {
    expect(await subscribe(card('pm_card_authenticationRequired'))).toMatchObject({
      status: 'incomplete',
      clientSecret: expect.stringMatching(/^pi_.+_secret_/),
    })
  })

  it('hands out a SetupIntent’s client secret for saving a card off-session', async () => {
    const customerId = await customer()
    expect((await gateway.setupIntent(customerId)).clientSecret).toMatch(/^seti_.+_secret_/)
    expect(posts('/v1/setup_intents').at(-1)?.body).toEqual({
      customer: customerId,
      usage: 'off_session',
      allowed_payment_method_types: ['card'],
    })
  })

  it('previews the first invoice with 20 % off (one coupon however often), and without a customer locally', async () => {
    const customerId = await customer()
    const req = { customerId, amount: 9999, currency: 'USD', discount: { percentOff: 20 } }
    const expected = { subtotal: 9999, discount: 2000, tax: 0, total: 7999, currency: 'USD' }
    expect(await gateway.invoicePreview(req)).toEqual(expected)
    expect(await gateway.invoicePreview(req)).toEqual(expected)
    expect(posts('/v1/invoices/create_preview').at(-1)?.body).toMatchObject({
      customer: customerId,
      subscription_details: { items: [{ price_data: { unit_amount: '9999', currency: 'usd' } }] },
      discounts: [{ coupon: 'fieldhouse_20pct_once' }],
    })
    expect(objectsOf('coupon').filter((c) => c.percent_off === 20)).toHaveLength(1)
    expect(await gateway.invoicePreview({ ...req, discount: { amountOff: 500 } })).toMatchObject({
      discount: 500,
      total: 9499,
    })
    const before = standin.requests.length
    expect(await gateway.invoicePreview({ ...req, customerId: null })).toEqual(expected)
    expect(standin.requests.length).toBe(before)
  })

  it('opens the billing portal with our return URL', async () => {
    const customerId = await customer()
    const url = await gateway.portalUrl(customerId, 'https://fans.example.com/account')
    expect(url).toMatch(/^https:\/\/billing\.stripe\.test\//)
    expect(posts('/v1/billing_portal/sessions').at(-1)?.body).toEqual({
      customer: customerId,
      return_url: 'https://fans.example.com/account',
    })
  })

  it('turns signed webhooks into gateway events', async () => {
    const received = async (type: string, object: Record<string, any>) => {
      const answer = await standin.deliver(type, object)
      expect(answer.status).toBe(200)
      return answer.body.event as GatewayEvent | null
    }
    const paid = await charge(card('pm_card_visa'), { order: 61 })
    expect(await received('payment_intent.succeeded', standin.objects.get(paid.providerPaymentId) ?? {})).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: 'payment_intent.succeeded',
      created: expect.any(Number),
      orderId: 61,
      paymentId: paid.providerPaymentId,
      amount: 499,
    })
    const declined = await charge(card('pm_card_chargeDeclined'), { order: 62 })
    expect(
      await received('payment_intent.payment_failed', standin.objects.get(declined.providerPaymentId) ?? {}),
    ).toMatchObject({ orderId: 62, failureMessage: 'Your card was declined.' })

    const sub = await subscribe(card('pm_card_visa'))
    const subscription = standin.objects.get(sub.providerSubscriptionId) ?? {}
    const invoice = standin.objects.get(subscription.latest_invoice) ?? {}
    const invoicePaid = await received('invoice.paid', invoice)
    expect(invoicePaid).toMatchObject({
      type: 'invoice.paid',
      orderId,
      subscriptionId: sub.providerSubscriptionId,
      paymentId: invoice.id,
      amount: 999,
      billingReason: 'subscription_create',
    })
    expect(Math.abs((invoicePaid?.created ?? 0) - Date.now())).toBeLessThan(60_000)
    // API versions before 2025-03-31 put the subscription and its metadata on the invoice itself.
    const legacy = {
      id: 'in_legacy',
      object: 'invoice',
      subscription: 'sub_legacy',
      subscription_details: { metadata: { order_id: '77' } },
      amount_paid: 999,
      billing_reason: 'subscription_cycle',
    }
    expect(await received('invoice.payment_failed', legacy)).toMatchObject({
      type: 'invoice.payment_failed',
      orderId: 77,
      subscriptionId: 'sub_legacy',
      billingReason: 'subscription_cycle',
    })

    expect(await received('customer.subscription.created', subscription)).toMatchObject({
      type: 'customer.subscription.updated',
      orderId,
      subscriptionId: sub.providerSubscriptionId,
      status: 'active',
      currentPeriodEnd: subscription.items.data[0].current_period_end * 1000,
      cancelAtPeriodEnd: false,
    })
    const ended = { id: 'sub_old', object: 'subscription', status: 'canceled', current_period_end: 1_800_000_000 }
    expect(
      await received('customer.subscription.deleted', { ...ended, metadata: {}, cancel_at_period_end: true }),
    ).toEqual({
      id: expect.any(String),
      type: 'customer.subscription.deleted',
      created: expect.any(Number),
      orderId: null,
      subscriptionId: 'sub_old',
      status: 'canceled',
      currentPeriodEnd: 1_800_000_000_000,
      cancelAtPeriodEnd: true,
    })
    expect(await received('charge.refunded', { id: 'ch_1', object: 'charge' })).toBeNull()
  })

  it('refuses a tampered body, another secret, a stale or missing signature', async () => {
    const intent = { id: 'pi_forged', object: 'payment_intent', amount: 499, amount_received: 499, metadata: {} }
    const genuine = standin.signedEvent('payment_intent.succeeded', intent)
    expect(gateway.parseWebhook(Buffer.from(genuine.payload), genuine.header)).toMatchObject({ paymentId: 'pi_forged' })
    const refused = (payload: string, header: string | undefined) => () =>
      gateway.parseWebhook(Buffer.from(payload), header)

    expect(refused(genuine.payload.replace('"amount":499', '"amount":1'), genuine.header)).toThrow(
      WebhookSignatureError,
    )
    const forged = standin.signedEvent('payment_intent.succeeded', intent, { secret: 'whsec_someone_else' })
    expect(refused(forged.payload, forged.header)).toThrow(WebhookSignatureError)
    const now = Math.floor(Date.now() / 1000)
    const stale = standin.signedEvent('payment_intent.succeeded', intent, { timestamp: now - 600 })
    expect(refused(stale.payload, stale.header)).toThrow(WebhookSignatureError)
    const late = standin.signedEvent('payment_intent.succeeded', intent, { timestamp: now - 240 })
    expect(refused(late.payload, late.header)).not.toThrow()
    expect(refused(genuine.payload, undefined)).toThrow(WebhookSignatureError)
    const unconfigured = new StripeGateway({ secretKey: SECRET_KEY, webhookSecret: '', apiBase: standin.url })
    expect(() => unconfigured.parseWebhook(Buffer.from(genuine.payload), genuine.header)).toThrow(WebhookSignatureError)
    // Over HTTP too: the endpoint answers 400 to what the stand-in signs with another secret.
    expect((await standin.deliver('payment_intent.succeeded', intent, { secret: 'whsec_x' })).status).toBe(400)
  })
})

/**
 * The product configured with a Stripe key (STRIPE_API_BASE pointing at the stand-in): checkout,
 * webhooks into `/api/hooks/stripe`, and the ledger, end to end on SQLite.
 */
describe('payments through Stripe', () => {
  let ctx: TestContext
  let standin: StripeStandin
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
    standin.webhookUrl = `${ctx.baseUrl}/api/hooks/stripe`
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
  const send = (payload: string, header: string) =>
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

  it('refuses forged, tampered and stale webhook signatures, writing nothing', async () => {
    const intent = {
      id: 'pi_forged',
      object: 'payment_intent',
      amount: 499,
      amount_received: 499,
      metadata: { order_id: '1' },
    }
    const before = await ledger()
    expect((await standin.deliver('payment_intent.succeeded', intent, { secret: 'whsec_someone_else' })).status).toBe(
      400,
    )
    const genuine = standin.signedEvent('payment_intent.succeeded', intent)
    const tampered = genuine.payload.replace('"amount":499', '"amount":1')
    expect((await send(tampered, genuine.header)).status).toBe(400)
    const stale = { timestamp: Math.floor(Date.now() / 1000) - 600 }
    expect((await standin.deliver('payment_intent.succeeded', intent, stale)).status).toBe(400)
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
})
