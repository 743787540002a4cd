import { messages } from '@fieldhouse/contract'
import type { GatewayEvent } from './gateway.js'

/**
 * The Stripe-shaped events the offline test gateway reports (`test.gateway.ts`), as they would come
 * from Stripe's webhooks: a payment's outcome, a trial's start, an invoice paid or failed. Without
 * their id and time, which the gateway stamps when it sends them.
 */
export type EventDraft = Omit<GatewayEvent, 'id' | 'created'>

/** What the events need of a test payment. */
interface PaymentFacts {
  id: string
  amount: number
  currency: string | null
  status: string
  failure_message: string | null
}

/** A subscription is named after its checkout's key: asked again, the same checkout names the same one. */
export const subscriptionIdOf = (idempotencyKey: string) =>
  `sub_test_${idempotencyKey.replace(/[^A-Za-z0-9]/g, '').slice(0, 40)}`

/** The currency a payment was made in, for its events (payments before migration 0007 have none). */
const currencyOf = (payment: { currency: string | null }) => (payment.currency ? { currency: payment.currency } : {})

/** A one-time payment's outcome: `payment_intent.succeeded` or `payment_intent.payment_failed`. */
export function paymentEvent(orderId: number, payment: PaymentFacts): EventDraft {
  return {
    type: payment.status === 'succeeded' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed',
    orderId,
    paymentId: payment.id,
    amount: payment.amount,
    ...currencyOf(payment),
    ...(payment.failure_message ? { failureMessage: payment.failure_message } : {}),
  }
}

/** A trial begun: the subscription trialing until `end`, its first invoice paid at nothing. */
export function trialEvents(
  orderId: number,
  subscriptionId: string,
  end: number,
  currency: string | null,
): EventDraft[] {
  return [
    {
      type: 'customer.subscription.updated',
      orderId,
      subscriptionId,
      status: 'trialing',
      currentPeriodEnd: end,
      cancelAtPeriodEnd: false,
    },
    {
      type: 'invoice.paid',
      orderId,
      subscriptionId,
      amount: 0,
      ...currencyOf({ currency }),
      billingReason: 'subscription_create',
      paymentId: `in_trial_${subscriptionId}`,
    },
  ]
}

/** An invoice's payment: paid (the subscription active until `end`), or failed (the subscription deleted). */
export function invoiceEvents(
  orderId: number,
  subscriptionId: string,
  payment: PaymentFacts,
  billingReason: string,
  end: number,
): EventDraft[] {
  if (payment.status === 'succeeded') {
    return [
      {
        type: 'invoice.paid',
        orderId,
        subscriptionId,
        amount: payment.amount,
        ...currencyOf(payment),
        billingReason,
        paymentId: payment.id,
        currentPeriodEnd: end,
      },
      { type: 'customer.subscription.updated', orderId, subscriptionId, status: 'active', currentPeriodEnd: end },
    ]
  }
  return [
    {
      type: 'invoice.payment_failed',
      orderId,
      subscriptionId,
      billingReason,
      paymentId: payment.id,
      ...currencyOf(payment),
      failureMessage: payment.failure_message ?? messages.cardDeclined,
    },
    { type: 'customer.subscription.deleted', orderId, subscriptionId, status: 'canceled' },
  ]
}

/** A refund made: `charge.refunded` with the total given back so far. */
export function refundEvent(
  orderId: number,
  payment: { id: string; amount: number; currency: string | null },
  total: number,
): EventDraft {
  return {
    type: 'charge.refunded',
    orderId,
    paymentId: payment.id,
    amount: total,
    ...currencyOf(payment),
    fullyRefunded: total === payment.amount,
  }
}
