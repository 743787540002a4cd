import Stripe from 'stripe'
import { type PaymentCard, RefundRefused, type RefundRequest } from './gateway.js'

/**
 * The console's refunds at Stripe (decision 0036): a Refund of the order's PaymentIntent with the
 * console's key, so asking again refunds once. Stripe's refusal (more than is left, a charge already
 * refunded) is the operator's answer; a network failure is thrown as it is (the same key retries it).
 */
export async function refundAtStripe(stripe: Stripe, req: RefundRequest) {
  try {
    const refund = await stripe.refunds.create(
      {
        payment_intent: req.paymentId,
        amount: req.amount,
        metadata: { order_id: String(req.orderId), reason: req.reason.slice(0, 500) },
      },
      { idempotencyKey: req.idempotencyKey },
    )
    if (refund.status === 'failed' || refund.status === 'canceled') {
      throw new RefundRefused(
        refund.failure_reason ?? `The refund ${refund.status === 'failed' ? 'failed' : 'was cancelled'}.`,
      )
    }
    return { providerRefundId: refund.id }
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeCardError) {
      throw new RefundRefused(error.message)
    }
    throw error
  }
}

/** The brand and last four digits of the card a PaymentIntent was paid with. */
export async function cardOfPayment(stripe: Stripe, paymentId: string): Promise<PaymentCard | null> {
  const intent = await stripe.paymentIntents.retrieve(paymentId)
  const pmId = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id
  if (!pmId) return null
  const pm = await stripe.paymentMethods.retrieve(pmId)
  return pm.card ? { brand: pm.card.brand, last4: pm.card.last4 } : null
}
