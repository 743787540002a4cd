import { describe, expect, it } from 'vitest'
import { CardError } from './gateway.js'
import {
  card,
  charge,
  customer,
  DAY,
  gateway,
  orderId,
  posts,
  standin,
  subscribe,
  useStripeGateway,
} from './stripe.test-support.js'

/**
 * The gateway on its own against the Stripe stand-in: subscriptions, trials and renewals, and finding
 * an order's payment again by its id.
 */
describe('StripeGateway against the Stripe stand-in', () => {
  useStripeGateway()

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
})
