import Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { CardError, type PaymentSource } from './gateway.js'
import { StripeGateway } from './stripe.gateway.js'
import {
  card,
  charge,
  confirmInBrowser,
  customer,
  gateway,
  objectsOf,
  PUBLISHABLE_KEY,
  posts,
  standin,
  useStripeGateway,
  WEBHOOK_SECRET,
} from './stripe.test-support.js'

/**
 * The gateway on its own against the Stripe stand-in: customers, charges, 3-D Secure, idempotency,
 * saved cards, SetupIntents, invoice previews and the billing portal.
 */
describe('StripeGateway against the Stripe stand-in', () => {
  useStripeGateway()

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
})
