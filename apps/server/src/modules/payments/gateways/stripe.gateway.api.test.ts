import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashToken } from '../../../lib/secrets.js'
import { createTestContext, type TestContext, testDatabases } from '../../../test/context.js'
import { signedInKey } from '../../../test/factories.js'
import { type StripeStandin, startStripeStandin } from '../../../test/stripe-standin.js'
import { OrdersRepository } from '../orders.repository.js'
import { createPayments } from '../payments.module.js'
import { PaymentsRepository } from '../payments.repository.js'
import { RECONCILE_MESSAGES } from '../renewals.service.js'
import {
  CardError,
  type GatewayEvent,
  type PaymentGateway,
  type PaymentSource,
  WebhookSignatureError,
} from './gateway.js'
import { StripeGateway } from './stripe.gateway.js'

const SECRET_KEY = 'sk_test_fieldhouse_standin'
const WEBHOOK_SECRET = 'whsec_fieldhouse_standin'
const PUBLISHABLE_KEY = 'pk_test_fieldhouse'
const DAY = 86_400_000

const card = (paymentMethodId: string, save = false): PaymentSource => ({ kind: 'new', paymentMethodId, save })

/** What Stripe.js does in the browser once the viewer passed 3-D Secure: confirm with the publishable key. */
const confirmInBrowser = (standin: StripeStandin, clientSecret: string) =>
  fetch(`${standin.url}/v1/payment_intents/${clientSecret.split('_secret_')[0]}/confirm`, {
    method: 'POST',
    headers: { authorization: `Bearer ${PUBLISHABLE_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_secret: clientSecret }),
  })

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
    opts: {
      customerId?: string
      trialDays?: number
      discount?: { percentOff?: number; amountOff?: number }
      interval?: 'month' | 'year'
    } = {},
  ) => {
    const order = ++orderId
    return gateway.subscribe({
      customerId: opts.customerId ?? (await customer()),
      amount: 999,
      currency: 'USD',
      interval: opts.interval ?? 'month',
      trialDays: opts.trialDays ?? 0,
      source,
      description: 'Monthly pass',
      orderId: order,
      idempotencyKey: `order-${order}`,
      ...(opts.discount ? { discount: opts.discount } : {}),
    })
  }

  beforeAll(async () => {
    standin = await startStripeStandin({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      publishableKey: PUBLISHABLE_KEY,
    })
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

  it('hands 3-D Secure to the browser with the PaymentIntent’s client secret, until the browser confirms it', async () => {
    const result = await charge(card('pm_card_authenticationRequired'))
    expect(result).toMatchObject({ status: 'requires_action', clientSecret: expect.stringMatching(/^pi_.+_secret_/) })
    expect(await gateway.retrievePayment(result.providerPaymentId)).toEqual({
      status: 'requires_action',
      amount: 499,
      clientSecret: result.clientSecret,
    })
    // Only with the intent's own secret, and only the browser's confirm step is open to the publishable key.
    const wrong = await confirmInBrowser(standin, `${result.providerPaymentId}_secret_wrong`)
    expect(wrong.status).toBe(400)
    const listing = await fetch(`${standin.url}/v1/payment_intents`, {
      headers: { authorization: `Bearer ${PUBLISHABLE_KEY}` },
    })
    expect(listing.status).toBe(401)
    expect((await confirmInBrowser(standin, result.clientSecret as string)).status).toBe(200)
    expect(await gateway.retrievePayment(result.providerPaymentId)).toEqual({ status: 'succeeded', amount: 499 })
    expect(standin.objects.get(standin.objects.get(result.providerPaymentId)?.latest_charge)).toMatchObject({
      object: 'charge',
      amount: 499,
      refunded: false,
    })
  })

  it('answers a reused idempotency key with another request as Stripe does: idempotency_error, nothing made', async () => {
    const customerId = await customer()
    await charge(card('pm_card_visa'), { customerId, order: 47 })
    const before = objectsOf('payment_intent').length
    const changed = gateway.charge({
      customerId,
      amount: 999,
      currency: 'USD',
      source: card('pm_card_visa'),
      description: 'Final: Lions v Hawks',
      orderId: 47,
      idempotencyKey: 'order-47',
    })
    await expect(changed).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError)
    expect(objectsOf('payment_intent')).toHaveLength(before)
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
        items: [
          { price_data: { currency: 'usd', unit_amount: '999', recurring: { interval: 'day', interval_count: '30' } } },
        ],
        trial_period_days: '7',
        payment_behavior: 'allow_incomplete',
        metadata: { order_id: String(orderId) },
        expand: ['latest_invoice.payments'],
      },
    })
    expect(standin.objects.get(created?.body.items[0].price_data.product)).toMatchObject({ name: 'Monthly pass' })
  })

  it('attaches a subscription’s card whatever “save” said; keeps an attached one; refuses another customer’s', async () => {
    const customerId = await customer()
    const unsaved = await subscribe(card('pm_card_visa', false), { customerId })
    expect(unsaved.status).toBe('active')
    const [attached] = await gateway.listCards(customerId)
    expect(standin.objects.get(unsaved.providerSubscriptionId)?.default_payment_method).toBe(attached?.id)
    expect(standin.objects.get(customerId)?.invoice_settings.default_payment_method).toBe(attached?.id)
    const attaches = posts(`/v1/payment_methods/${attached?.id}/attach`).length
    const again = await subscribe({ kind: 'saved', paymentMethodId: attached?.id as string }, { customerId })
    expect(again.status).toBe('active')
    expect(posts(`/v1/payment_methods/${attached?.id}/attach`)).toHaveLength(attaches)
    await expect(subscribe(card(attached?.id as string, true))).rejects.toBeInstanceOf(CardError)
    await expect(subscribe(card('pm_does_not_exist', true))).rejects.toBeInstanceOf(CardError)
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
    // Spec §9: monthly is 30 days, not a calendar month.
    expect(Math.abs(result.currentPeriodEnd - (Date.now() + 30 * DAY))).toBeLessThan(60_000)
    expect(posts('/v1/subscriptions').at(-1)?.body.items[0].price_data.recurring).toEqual({
      interval: 'day',
      interval_count: '30',
    })
    expect(standin.objects.get(result.providerPaymentId as string)).toMatchObject({ amount: 799, status: 'succeeded' })
    expect(posts('/v1/subscriptions').at(-1)?.body.discounts).toEqual([{ coupon: 'fieldhouse_20pct_once' }])
    expect(standin.objects.get('fieldhouse_20pct_once')).toMatchObject({ percent_off: 20, duration: 'once' })
  })

  it('renews an annual subscription after 12 months', async () => {
    const customerId = await customer()
    const result = await subscribe(card('pm_card_visa'), { customerId, interval: 'year' })
    const inAYear = new Date()
    inAYear.setUTCMonth(inAYear.getUTCMonth() + 12)
    expect(Math.abs(result.currentPeriodEnd - inAYear.getTime())).toBeLessThan(60_000)
    expect(posts('/v1/subscriptions').at(-1)?.body.items[0].price_data.recurring).toEqual({
      interval: 'month',
      interval_count: '12',
    })
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

  it('finds an order’s PaymentIntent or Subscription by the order id it carries (reconciliation)', async () => {
    const customerId = await customer()
    const ref = (orderId: number, subscription = false) => ({
      orderId,
      subscription,
      customerId,
      paymentId: null,
      subscriptionId: null,
      createdAt: Date.now(),
      periodEnd: 0,
    })
    expect(await gateway.lookupOrder(ref(71))).toEqual({ state: 'none' })
    const paid = await charge(card('pm_card_visa'), { customerId, order: 72 })
    await charge(card('pm_card_visa'), { customerId, order: 73 })
    expect(await gateway.lookupOrder(ref(72))).toEqual({
      state: 'settled',
      paymentId: paid.providerPaymentId,
      events: [
        expect.objectContaining({
          type: 'payment_intent.succeeded',
          orderId: 72,
          paymentId: paid.providerPaymentId,
          amount: 499,
        }),
      ],
    })
    const declined = await charge(card('pm_card_chargeDeclined'), { customerId, order: 74 })
    expect(await gateway.lookupOrder(ref(74))).toMatchObject({
      state: 'settled',
      paymentId: declined.providerPaymentId,
      events: [{ type: 'payment_intent.payment_failed', failureMessage: 'Your card was declined.' }],
    })
    const pending = await charge(card('pm_card_authenticationRequired'), { customerId, order: 75 })
    expect(await gateway.lookupOrder(ref(75))).toEqual({
      state: 'requires_action',
      paymentId: pending.providerPaymentId,
    })
    expect(await gateway.cancelPending({ paymentId: pending.providerPaymentId })).toBe(true)
    expect(standin.objects.get(pending.providerPaymentId)?.status).toBe('canceled')
    expect(await gateway.cancelPending({ paymentId: paid.providerPaymentId })).toBe(false)

    const sub = await gateway.subscribe({
      customerId,
      amount: 999,
      currency: 'USD',
      interval: 'month',
      trialDays: 0,
      source: card('pm_card_visa'),
      description: 'Monthly pass',
      orderId: 76,
      idempotencyKey: 'order-76',
    })
    const found = await gateway.lookupOrder(ref(76, true))
    const invoice = standin.objects.get(standin.objects.get(sub.providerSubscriptionId)?.latest_invoice)
    expect(found).toMatchObject({
      state: 'settled',
      subscriptionId: sub.providerSubscriptionId,
      paymentId: sub.providerPaymentId,
      events: [
        { type: 'customer.subscription.updated', orderId: 76, status: 'active', cancelAtPeriodEnd: false },
        {
          type: 'invoice.paid',
          orderId: 76,
          paymentId: invoice?.id,
          amount: 999,
          billingReason: 'subscription_create',
        },
      ],
    })
    expect(await gateway.lookupOrder({ ...ref(77, true), customerId: null })).toEqual({ state: 'none' })
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
      currency: 'USD',
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
    const refunded = { id: 'ch_1', object: 'charge', payment_intent: paid.providerPaymentId, metadata: {} }
    expect(await received('charge.refunded', { ...refunded, amount_refunded: 499, refunded: true })).toEqual({
      id: expect.any(String),
      type: 'charge.refunded',
      created: expect.any(Number),
      orderId: null,
      paymentId: paid.providerPaymentId,
      amount: 499,
      fullyRefunded: true,
    })
    expect(await received('customer.created', { id: 'cus_1', object: 'customer' })).toBeNull()
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
 * webhooks into `/api/hooks/stripe`, reconciliation and the ledger, end to end on each test database.
 */
describe.each(testDatabases())('payments through Stripe on %s', (kind) => {
  let ctx: TestContext
  let standin: StripeStandin
  let passes: { id: number; kind: string; trial_period: number; event_id: number | null; price: number }[]

  beforeAll(async () => {
    standin = await startStripeStandin({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      publishableKey: PUBLISHABLE_KEY,
    })
    ctx = await createTestContext(kind, {
      env: {
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
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
  const row = (id: number) =>
    ctx.db.kysely.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  const orderOf = async (key: string, id: number) => (await ctx.json(`/api/orders/${id}?api_key=${key}`)).body.data
  const season = () => passes.find((p) => p.kind === 'subscription' && p.trial_period === 0) as (typeof passes)[number]
  const monthly = () => passes.find((p) => p.kind === 'subscription' && p.trial_period > 0) as (typeof passes)[number]
  const transactionsOf = (orderId: number) =>
    ctx.db.kysely.selectFrom('transactions').selectAll().where('order_id', '=', orderId).execute()
  const intentsOf = (orderId: number) =>
    [...standin.objects.values()].filter(
      (o) => o.object === 'payment_intent' && o.metadata.order_id === String(orderId),
    )
  /** Payments services of their own (another process, a later minute): the app's gateway, this clock. */
  const servicesWith = (gateway: PaymentGateway, clock?: () => number) =>
    createPayments({
      repo: new PaymentsRepository(ctx.db.kysely),
      orders: new OrdersRepository(ctx.db.kysely, ctx.db.dialect),
      gateway,
      log: ctx.app.log,
      access: ctx.app.services.access,
      clock,
    })
  const stripeGateway = () => ctx.app.services.gateway as StripeGateway

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

  it('1,000 deliveries of one signed webhook: one paid order, one transaction, one ledger row', async () => {
    const key = await signedInKey(ctx)
    const placed = await post('/api/stripe/buy', key, { id: addon().id, payment_method_id: 'pm_card_visa' })
    expect(placed.body.data.status).toBe('created')
    const intent = standin.objects.get((await row(placed.body.data.id)).provider_payment_id as string) ?? {}
    const { payload, header } = standin.signedEvent('payment_intent.succeeded', intent)
    const outcomes: string[] = []
    for (let batch = 0; batch < 20; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          ctx.app.inject({
            method: 'POST',
            url: '/api/hooks/stripe',
            payload,
            headers: { 'content-type': 'application/json', 'stripe-signature': header },
          }),
        ),
      )
      for (const a of answers) {
        expect(a.statusCode).toBe(200)
        outcomes.push(a.json().outcome)
      }
    }
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1)
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(999)
    const orders = (await ctx.json(`/api/orders?api_key=${key}`)).body.data
    expect(orders).toMatchObject([{ id: placed.body.data.id, status: 'paid', activity_status: 'active' }])
    expect(await transactionsOf(placed.body.data.id)).toHaveLength(1)
    const ledger = await ctx.db.kysely
      .selectFrom('payment_events')
      .selectAll()
      .where('provider_event_id', '=', JSON.parse(payload).id)
      .execute()
    expect(ledger).toHaveLength(1)
  })

  it('a full refund (charge.refunded) makes the order Refunded and shuts the pass; a partial one changes nothing', async () => {
    const game = passes.find((p) => p.kind === 'event') as (typeof passes)[number]
    const sdk = new Stripe(SECRET_KEY, { host: '127.0.0.1', port: standin.port, protocol: 'http' })
    const bought = async () => {
      const key = await signedInKey(ctx)
      const placed = await post('/api/stripe/buy', key, {
        single_event_package_id: game.id,
        event_id: game.event_id,
        payment_method_id: 'pm_card_visa',
      })
      const intent = standin.objects.get((await row(placed.body.data.id)).provider_payment_id as string) ?? {}
      const paid = standin.signedEvent('payment_intent.succeeded', intent)
      expect((await send(paid.payload, paid.header)).body.outcome).toBe('applied')
      expect((await ctx.json(`/api/events/${game.event_id}?api_key=${key}`)).body.data.has_access).toBe(true)
      return { key, id: placed.body.data.id as number, intent }
    }
    const full = await bought()
    await sdk.refunds.create({ payment_intent: full.intent.id })
    const refunded = standin.signedEvent('charge.refunded', standin.objects.get(full.intent.latest_charge) ?? {})
    expect((await send(refunded.payload, refunded.header)).body.outcome).toBe('applied')
    expect((await send(refunded.payload, refunded.header)).body.outcome).toBe('duplicate')
    expect(await orderOf(full.key, full.id)).toMatchObject({ status: 'refunded', activity_status: 'inactive' })
    expect((await ctx.json(`/api/events/${game.event_id}?api_key=${full.key}`)).body.data.has_access).toBe(false)
    // The payment's success delivered again, late, cannot open it again.
    const late = standin.signedEvent('payment_intent.succeeded', full.intent)
    expect((await send(late.payload, late.header)).body.outcome).toBe('applied')
    expect(await orderOf(full.key, full.id)).toMatchObject({ status: 'refunded', activity_status: 'inactive' })
    expect((await ctx.json(`/api/events/${game.event_id}?api_key=${full.key}`)).body.data.has_access).toBe(false)

    const partial = await bought()
    await sdk.refunds.create({ payment_intent: partial.intent.id, amount: 100 })
    const some = standin.signedEvent('charge.refunded', standin.objects.get(partial.intent.latest_charge) ?? {})
    expect((await send(some.payload, some.header)).status).toBe(200)
    expect(await orderOf(partial.key, partial.id)).toMatchObject({ status: 'paid', activity_status: 'active' })
  })

  it('a crash after Stripe charged: reconciliation finds the PaymentIntent by the order id, charges nothing more', async () => {
    const key = await signedInKey(ctx)
    const session = await ctx.app.services.keys.sessionForKeyHash(hashToken(key))
    const gateway = stripeGateway()
    // The first process: Stripe takes the money, then the process dies (no ids written, no webhook yet).
    const dying = Object.create(gateway) as StripeGateway
    dying.charge = async (req) => {
      await gateway.charge(req)
      throw new Error('process killed')
    }
    await expect(
      servicesWith(dying).checkout.buy(session, { id: addon().id, payment_method_id: 'pm_card_visa' }),
    ).rejects.toThrow('process killed')
    const [lost] = await ctx.db.kysely
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', session.userId as number)
      .execute()
    expect(lost).toMatchObject({ status: 'created', provider_payment_id: null })
    expect(intentsOf(lost?.id as number)).toMatchObject([{ status: 'succeeded' }])

    await servicesWith(gateway).renewals.reconcile({ staleAfterMs: 0 })
    expect(await orderOf(key, lost?.id as number)).toMatchObject({ status: 'paid', activity_status: 'active' })
    expect((await row(lost?.id as number)).provider_payment_id).toBe(intentsOf(lost?.id as number)[0]?.id)
    expect(intentsOf(lost?.id as number)).toHaveLength(1)
    expect(await transactionsOf(lost?.id as number)).toHaveLength(1)
    // Stripe's own webhook, arriving after all, changes nothing more.
    const paid = standin.signedEvent('payment_intent.succeeded', intentsOf(lost?.id as number)[0] ?? {})
    expect((await send(paid.payload, paid.header)).status).toBe(200)
    expect(await transactionsOf(lost?.id as number)).toHaveLength(1)
  })

  it('a crash after Stripe started a subscription: reconciliation finds it by the order id, one New subscription', async () => {
    const key = await signedInKey(ctx)
    const session = await ctx.app.services.keys.sessionForKeyHash(hashToken(key))
    const gateway = stripeGateway()
    const dying = Object.create(gateway) as StripeGateway
    dying.subscribe = async (req) => {
      await gateway.subscribe(req)
      throw new Error('process killed')
    }
    await expect(
      servicesWith(dying).checkout.buy(session, { id: season().id, payment_method_id: 'pm_card_visa' }),
    ).rejects.toThrow('process killed')
    const [lost] = await ctx.db.kysely
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', session.userId as number)
      .execute()
    expect(lost).toMatchObject({ status: 'created', provider_subscription_id: null })
    const subs = [...standin.objects.values()].filter(
      (o) => o.object === 'subscription' && o.metadata.order_id === String(lost?.id),
    )
    expect(subs).toHaveLength(1)

    await servicesWith(gateway).renewals.reconcile({ staleAfterMs: 0 })
    const order = await orderOf(key, lost?.id as number)
    expect(order).toMatchObject({ status: 'paid', activity_status: 'active', auto_renew: true })
    expect(Date.parse(order.expires_at)).toBe(subs[0]?.items.data[0].current_period_end * 1000)
    expect((await row(lost?.id as number)).provider_subscription_id).toBe(subs[0]?.id)
    expect(await transactionsOf(lost?.id as number)).toMatchObject([
      { type: 'New subscription', amount: Math.round(season().price * 100) },
    ])
    const invoice = standin.signedEvent('invoice.paid', standin.objects.get(subs[0]?.latest_invoice) ?? {})
    expect((await send(invoice.payload, invoice.header)).status).toBe(200)
    expect(await transactionsOf(lost?.id as number)).toHaveLength(1)
  })

  it('3-D Secure never finished: after the timeout the payment is cancelled and the order fails, saying why', async () => {
    const key = await signedInKey(ctx)
    const one = await post('/api/stripe/buy', key, {
      id: addon().id,
      payment_method_id: 'pm_card_authenticationRequired',
    })
    const sub = await post('/api/stripe/buy', key, {
      id: season().id,
      payment_method_id: 'pm_card_authenticationRequired',
    })
    const placedAt = (await row(sub.body.data.id)).created_at
    await servicesWith(stripeGateway(), () => placedAt + 10 * 60_000).renewals.reconcile()
    expect(await orderOf(key, one.body.data.id)).toMatchObject({
      status: 'created',
      next_action: one.body.data.next_action,
    })
    expect((await orderOf(key, sub.body.data.id)).status).toBe('created')

    await servicesWith(stripeGateway(), () => placedAt + 31 * 60_000).renewals.reconcile()
    for (const placed of [one, sub]) {
      expect(await orderOf(key, placed.body.data.id)).toMatchObject({
        status: 'failed',
        failure_message: RECONCILE_MESSAGES.authenticationTimedOut,
        next_action: null,
      })
    }
    const intent = standin.objects.get((await row(one.body.data.id)).provider_payment_id as string)
    expect(intent?.status).toBe('canceled')
    expect(standin.objects.get((await row(sub.body.data.id)).provider_subscription_id as string)?.status).toBe(
      'canceled',
    )
    // The viewer's bank page, answered too late, can no longer take money.
    expect((await confirmInBrowser(standin, one.body.data.next_action.client_secret)).status).toBe(400)
  })

  it('a crash before Stripe was asked: nothing to find, so after 15 minutes the order fails', async () => {
    const key = await signedInKey(ctx)
    const session = await ctx.app.services.keys.sessionForKeyHash(hashToken(key))
    const dying = Object.create(stripeGateway()) as StripeGateway
    dying.charge = async () => {
      throw new Error('process killed')
    }
    await expect(
      servicesWith(dying).checkout.buy(session, { id: addon().id, payment_method_id: 'pm_card_visa' }),
    ).rejects.toThrow('process killed')
    const [lost] = await ctx.db.kysely
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', session.userId as number)
      .execute()
    const placedAt = lost?.created_at as number
    await servicesWith(stripeGateway(), () => placedAt + 10 * 60_000).renewals.reconcile()
    expect((await orderOf(key, lost?.id as number)).status).toBe('created')
    await servicesWith(stripeGateway(), () => placedAt + 16 * 60_000).renewals.reconcile()
    expect(await orderOf(key, lost?.id as number)).toMatchObject({
      status: 'failed',
      failure_message: RECONCILE_MESSAGES.nothingCharged,
    })
    expect(intentsOf(lost?.id as number)).toEqual([])
  })
})
