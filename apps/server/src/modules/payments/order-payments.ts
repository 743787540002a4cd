import { messages } from '@fieldhouse/contract'
import type { FastifyBaseLogger } from 'fastify'
import type { CouponRow, OrderRow, PassRow } from '../../db/schema.js'
import { CardError, type OrderLookup, type PaymentGateway, type PaymentSource } from './gateways/gateway.js'
import type { OrderEventsService } from './order-events.service.js'
import type { OrdersRepository } from './orders.repository.js'
import type { Buyer, PaymentCustomers } from './payment-customers.js'
import type { NextAction } from './payments.presenter.js'
import { discountOf, intervalOf, periodEnd } from './pricing.js'

/**
 * What we ask the provider about one order: to take its money, what it holds for it (checkout resumed,
 * replaced or reconciled), and what the browser must still do (3-D Secure).
 */
export class OrderPayments {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly gateway: PaymentGateway,
    private readonly customers: PaymentCustomers,
    private readonly events: OrderEventsService,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Asks the gateway for the money; the same request (same key) after a crash charges nothing new.
   * A payment waiting for 3-D Secure answers what the browser needs to finish it.
   */
  async pay(
    order: OrderRow,
    pass: PassRow,
    source: PaymentSource,
    coupon: CouponRow | null,
    trialDays: number,
    user: Buyer,
  ): Promise<{ nextAction: NextAction | null }> {
    const customerId = await this.customers.customer(user)
    const idempotencyKey = `order-${order.id}`
    const action = (clientSecret: string | undefined): NextAction | null =>
      clientSecret ? { type: 'stripe_3ds', client_secret: clientSecret } : null
    try {
      if (order.type === 'subscription') {
        const result = await this.gateway.subscribe({
          customerId,
          amount: pass.price,
          currency: order.currency,
          interval: intervalOf(pass),
          trialDays,
          source,
          description: pass.name,
          orderId: order.id,
          ...(coupon ? { discount: discountOf(coupon) } : {}),
          ...(pass.stripe_price_id && this.gateway.name === 'stripe' ? { priceId: pass.stripe_price_id } : {}),
          idempotencyKey,
        })
        await this.orders.setProviderIds(order.id, {
          subscription: result.providerSubscriptionId,
          ...(result.providerPaymentId ? { payment: result.providerPaymentId } : {}),
        })
        if (result.status === 'failed') {
          await this.events.failLocally(order.id, result.failureMessage ?? messages.cardDeclined)
        }
        return { nextAction: result.status === 'incomplete' ? action(result.clientSecret) : null }
      }
      const result = await this.gateway.charge({
        customerId,
        amount: order.amount,
        currency: order.currency,
        source,
        description: pass.name,
        orderId: order.id,
        idempotencyKey,
      })
      await this.orders.setProviderIds(order.id, { payment: result.providerPaymentId })
      if (result.status === 'failed') {
        await this.events.failLocally(order.id, result.failureMessage ?? messages.cardDeclined)
      }
      return { nextAction: result.status === 'requires_action' ? action(result.clientSecret) : null }
    } catch (error) {
      if (error instanceof CardError) {
        await this.events.failLocally(order.id, error.message)
        return { nextAction: null }
      }
      throw error
    }
  }

  /**
   * What the provider holds for an order that never heard back, asked by the ids we wrote (else by the
   * order id its objects carry); the ids it names are written where a crash left them out.
   */
  async lookup(order: OrderRow, pass: PassRow | undefined): Promise<OrderLookup> {
    const found = await this.gateway.lookupOrder({
      orderId: order.id,
      subscription: order.type === 'subscription',
      customerId: await this.customers.customerId(order.user_id),
      paymentId: order.provider_payment_id,
      subscriptionId: order.provider_subscription_id,
      createdAt: order.created_at,
      periodEnd: order.trial_ends_at ?? periodEnd(order.created_at, pass ? intervalOf(pass) : 'month'),
    })
    if (found.state !== 'none') {
      const ids = {
        ...(found.paymentId && !order.provider_payment_id ? { payment: found.paymentId } : {}),
        ...(found.subscriptionId && !order.provider_subscription_id ? { subscription: found.subscriptionId } : {}),
      }
      if (Object.keys(ids).length > 0) await this.orders.setProviderIds(order.id, ids)
    }
    return found
  }

  /** What the browser must still do for an order: 3-D Secure, while its payment waits for it. */
  async nextActionOf(order: OrderRow): Promise<NextAction | null> {
    if (order.status !== 'created' || !order.provider_payment_id || order.gateway !== this.gateway.name) return null
    try {
      const payment = await this.gateway.retrievePayment(order.provider_payment_id)
      return payment.status === 'requires_action' && payment.clientSecret
        ? { type: 'stripe_3ds', client_secret: payment.clientSecret }
        : null
    } catch (error) {
      // The provider out of reach: the order is answered as it stands; the next poll asks again.
      this.log.warn({ err: error, order: order.id }, 'payment status not available')
      return null
    }
  }
}
