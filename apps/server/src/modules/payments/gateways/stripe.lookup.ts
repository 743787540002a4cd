import Stripe from 'stripe'
import type { GatewayEvent, OrderLookup, OrderRef } from './gateway.js'
import { currencyOf, idOf, paymentStatusOf, periodEndOf, SUBSCRIPTION_STATUSES } from './stripe.events.js'

/**
 * Reconciliation. A PaymentIntent or Subscription we never heard back about is found by its id when
 * we wrote it, else among the customer's objects made since the order, by the `order_id` metadata
 * every one of them carries (listing is consistent at once, unlike Stripe's search). Its state is
 * told as the events Stripe would have sent; their ids name the object and its state, so the same
 * state applied twice is one ledger row.
 */
export async function lookupOrder(stripe: Stripe, ref: OrderRef): Promise<OrderLookup> {
  if (!ref.paymentId && !ref.subscriptionId && !ref.customerId) return { state: 'none' }
  const since = Math.floor(ref.createdAt / 1000) - 300
  const mine = (o: { metadata: Stripe.Metadata | null }) => o.metadata?.order_id === String(ref.orderId)
  if (!ref.subscription) {
    let intent: Stripe.PaymentIntent | undefined
    if (ref.paymentId) intent = await stripe.paymentIntents.retrieve(ref.paymentId)
    else {
      const list = stripe.paymentIntents.list({
        customer: ref.customerId ?? '',
        created: { gte: since },
        limit: 100,
      })
      for await (const pi of list) if (mine(pi)) intent = pi
    }
    if (!intent) return { state: 'none' }
    const paymentId = intent.id
    const payment = paymentStatusOf(intent)
    if (payment.status === 'processing' || payment.status === 'requires_action') {
      return { state: payment.status, paymentId }
    }
    const succeeded = payment.status === 'succeeded'
    const event: GatewayEvent = {
      id: `reconcile-${intent.id}-${intent.status}`,
      type: succeeded ? 'payment_intent.succeeded' : 'payment_intent.payment_failed',
      created: Date.now(),
      orderId: ref.orderId,
      paymentId,
      amount: payment.amount,
      ...currencyOf(intent.currency),
      ...(intent.last_payment_error?.message ? { failureMessage: intent.last_payment_error.message } : {}),
    }
    return { state: 'settled', paymentId, events: [event] }
  }

  let subscriptionId = ref.subscriptionId ?? undefined
  if (!subscriptionId) {
    const list = stripe.subscriptions.list({
      customer: ref.customerId ?? '',
      status: 'all',
      created: { gte: since },
      limit: 100,
    })
    for await (const sub of list) if (mine(sub)) subscriptionId = sub.id
  }
  if (!subscriptionId) return { state: 'none' }
  const sub = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice.payments'] })
  const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null
  const paymentId = idOf(invoice?.payments?.data?.find((p) => p.payment.payment_intent)?.payment.payment_intent)
  const ids = { subscriptionId: sub.id, ...(paymentId ? { paymentId } : {}) }
  const event = (type: GatewayEvent['type'], fields: Partial<GatewayEvent>): GatewayEvent => ({
    id: `reconcile-${fields.paymentId ?? sub.id}-${type}-${sub.status}`,
    type,
    created: Date.now(),
    orderId: ref.orderId,
    subscriptionId: sub.id,
    ...fields,
  })
  if (sub.status === 'incomplete') {
    const payment = paymentId ? paymentStatusOf(await stripe.paymentIntents.retrieve(paymentId)) : null
    if (payment?.status === 'requires_action') return { state: 'requires_action', ...ids }
    if (payment?.status !== 'failed') return { state: 'processing', ...ids }
    return {
      state: 'settled',
      ...ids,
      events: [event('invoice.payment_failed', { paymentId: invoice?.id ?? sub.id })],
    }
  }
  if (sub.status === 'incomplete_expired' || sub.status === 'canceled') {
    const status = sub.status as 'incomplete_expired' | 'canceled'
    return { state: 'settled', ...ids, events: [event('customer.subscription.deleted', { status })] }
  }
  const periodEnd = periodEndOf(sub)
  const events = [
    event('customer.subscription.updated', {
      ...(SUBSCRIPTION_STATUSES.has(sub.status) ? { status: sub.status as NonNullable<GatewayEvent['status']> } : {}),
      ...(periodEnd ? { currentPeriodEnd: periodEnd } : {}),
      cancelAtPeriodEnd: sub.cancel_at_period_end,
    }),
  ]
  if (invoice?.status === 'paid' && invoice.id) {
    events.push(
      event('invoice.paid', {
        paymentId: invoice.id,
        amount: invoice.amount_paid,
        ...currencyOf(invoice.currency),
        ...(invoice.billing_reason ? { billingReason: invoice.billing_reason } : {}),
      }),
    )
  }
  return { state: 'settled', ...ids, events }
}

/**
 * A PaymentIntent still waiting for 3-D Secure is cancelled; an incomplete subscription (whose first
 * invoice waits for it) is cancelled whole. Either way nothing can be charged for the order any more.
 */
export async function cancelPending(
  stripe: Stripe,
  ref: { paymentId?: string | undefined; subscriptionId?: string | undefined },
) {
  try {
    if (ref.subscriptionId) {
      return (await stripe.subscriptions.cancel(ref.subscriptionId)).status === 'canceled'
    }
    if (ref.paymentId) return (await stripe.paymentIntents.cancel(ref.paymentId)).status === 'canceled'
    return false
  } catch (error) {
    // Stripe refuses to cancel what has succeeded meanwhile: its outcome settles the order instead.
    if (error instanceof Stripe.errors.StripeInvalidRequestError) return false
    throw error
  }
}
