import type Stripe from 'stripe'
import type { GatewayEvent, PaymentStatus } from './gateway.js'

/**
 * Stripe's objects in our words: the webhook events the payments service applies, and the small
 * readings of Stripe's objects (ids, period ends, currencies, payment states) the gateway shares.
 */

export const ms = (s: number | null | undefined) => (s ? s * 1000 : undefined)
export const idOf = (x: string | { id?: string } | null | undefined) => (typeof x === 'string' ? x : x?.id)

/** A subscription's period end, epoch ms: on the subscription in older API versions, on its items in newer ones. */
export const periodEndOf = (sub: Stripe.Subscription) =>
  ms(
    (sub as { current_period_end?: number }).current_period_end ??
      sub.items?.data?.[0]?.current_period_end ??
      sub.trial_end,
  )

export const orderIdOf = (...candidates: (Stripe.Metadata | null | undefined)[]) => {
  for (const metadata of candidates) {
    const v = metadata?.order_id
    if (v && /^\d+$/.test(v)) return Number(v)
  }
  return null
}

export const SUBSCRIPTION_STATUSES = new Set<string>([
  'trialing',
  'active',
  'past_due',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'unpaid',
])

/** Stripe's lower-case currency as our orders keep it. */
export const currencyOf = (currency: string | null | undefined) =>
  typeof currency === 'string' && currency ? { currency: currency.toUpperCase() } : {}

export const paymentStatusOf = (intent: Stripe.PaymentIntent): PaymentStatus => {
  if (intent.status === 'succeeded') return { status: 'succeeded', amount: intent.amount_received }
  if (intent.status === 'requires_action') {
    return {
      status: 'requires_action',
      amount: intent.amount,
      ...(intent.client_secret ? { clientSecret: intent.client_secret } : {}),
    }
  }
  if (['processing', 'requires_confirmation', 'requires_capture'].includes(intent.status)) {
    return { status: 'processing', amount: intent.amount }
  }
  return { status: 'failed', amount: intent.amount }
}

/**
 * A verified webhook's event as the payments service applies it. Events of other types are genuine
 * but of no interest: `null`. `customer.subscription.created` is reported as
 * `customer.subscription.updated`: the service applies both the same way.
 */
export function gatewayEventOf(event: Stripe.Event): GatewayEvent | null {
  const created = event.created * 1000
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed': {
      const pi = event.data.object
      return {
        id: event.id,
        type: event.type,
        created,
        orderId: orderIdOf(pi.metadata),
        paymentId: pi.id,
        amount: event.type === 'payment_intent.succeeded' ? pi.amount_received || pi.amount : pi.amount,
        ...currencyOf(pi.currency),
        ...(pi.last_payment_error?.message ? { failureMessage: pi.last_payment_error.message } : {}),
      }
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      // The subscription and its metadata: under `parent` in current API versions, on the invoice itself before.
      const inv = event.data.object as Stripe.Invoice & {
        subscription?: string | { id: string } | null
        subscription_details?: { metadata?: Stripe.Metadata | null } | null
      }
      const details = inv.parent?.subscription_details ?? null
      const line = inv.lines?.data?.[0] as
        | (Stripe.InvoiceLineItem & { subscription?: string | { id: string } | null })
        | undefined
      const subscription =
        idOf(details?.subscription) ??
        idOf(inv.subscription) ??
        idOf(line?.parent?.subscription_item_details?.subscription) ??
        idOf(line?.subscription)
      const paidUntil = ms(line?.period?.end)
      return {
        id: event.id,
        type: event.type,
        created,
        orderId: orderIdOf(details?.metadata, inv.subscription_details?.metadata, inv.metadata, line?.metadata),
        ...(subscription ? { subscriptionId: subscription } : {}),
        // The invoice stands for its payment: one per period, so one ledger row per renewal.
        paymentId: inv.id ?? event.id,
        amount: inv.amount_paid,
        ...currencyOf(inv.currency),
        ...(inv.billing_reason ? { billingReason: inv.billing_reason } : {}),
        // The period a paid invoice pays for ends with its line's: the renewal and the longer access land together.
        ...(event.type === 'invoice.paid' && paidUntil ? { currentPeriodEnd: paidUntil } : {}),
      }
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const sub = event.data.object
      const periodEnd = periodEndOf(sub)
      return {
        id: event.id,
        type: event.type === 'customer.subscription.deleted' ? event.type : 'customer.subscription.updated',
        created,
        orderId: orderIdOf(sub.metadata),
        subscriptionId: sub.id,
        // `paused` (and any status newer than this code) is left out: the service acts on the rest.
        ...(SUBSCRIPTION_STATUSES.has(sub.status) ? { status: sub.status as NonNullable<GatewayEvent['status']> } : {}),
        ...(periodEnd ? { currentPeriodEnd: periodEnd } : {}),
        cancelAtPeriodEnd: sub.cancel_at_period_end,
      }
    }
    case 'charge.refunded': {
      // Matched by its PaymentIntent (the order's payment id); the metadata names the order when present.
      const charge = event.data.object
      const paymentId = idOf(charge.payment_intent)
      return {
        id: event.id,
        type: event.type,
        created,
        orderId: orderIdOf(charge.metadata),
        ...(paymentId ? { paymentId } : {}),
        amount: charge.amount_refunded,
        ...currencyOf(charge.currency),
        fullyRefunded: charge.refunded,
      }
    }
    default:
      return null
  }
}
