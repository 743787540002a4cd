import { describe, expect, it } from 'vitest'
import { type GatewayEvent, WebhookSignatureError } from './gateway.js'
import { StripeGateway } from './stripe.gateway.js'
import {
  card,
  charge,
  gateway,
  orderId,
  SECRET_KEY,
  standin,
  subscribe,
  useStripeGateway,
} from './stripe.test-support.js'

/**
 * The gateway on its own against the Stripe stand-in: signed webhooks posted by the stand-in, turned
 * into gateway events or refused.
 */
describe('StripeGateway against the Stripe stand-in', () => {
  useStripeGateway()

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
