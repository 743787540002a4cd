import {
  type AdminRefund,
  type EventRefundPreview,
  type EventRefundReport,
  formatMoney,
  type RefundRequest,
  salesMessages,
} from '@fieldhouse/contract'
import type { FastifyBaseLogger } from 'fastify'
import { AppError, conflict, invalid, notFound } from '../../lib/errors.js'
import type { AuditSink, Operator } from '../../lib/operator.js'
import type { AccessService } from '../access/access.service.js'
import { type PaymentGateway, RefundRefused } from './gateways/gateway.js'
import type { RefundRow, RefundsRepository } from './refunds.repository.js'
import { presentAdminRefund } from './sales.presenter.js'
import type { SalesRepository } from './sales.repository.js'

/** A pending refund is asked for again (a retry) once no request has asked for it this long. */
const REASK_AFTER_MS = 30_000

/**
 * The console's refunds (decision 0036): part or all of an order given back through the gateway, once
 * per console key, and every buyer of a cancelled event refunded what is left on their order. Checked
 * against the operator's channel (the route's role was checked by the session plugin) and written to
 * the audit log.
 */
export class RefundsService {
  constructor(
    private readonly refunds: RefundsRepository,
    private readonly sales: SalesRepository,
    private readonly gateway: PaymentGateway,
    private readonly deps: {
      access: AccessService
      audit: AuditSink
      log: FastifyBaseLogger
      clock: () => number
    },
  ) {}

  private async orderOf(op: Operator, orderId: number) {
    const order = await this.sales.orderOf(op.session.channel.id, orderId)
    if (!order) throw notFound('order')
    return order
  }

  /**
   * Part or all of an order given back through the gateway. Recorded first (pending) under the order's
   * lock with the console's key, so the same key twice — or a retry after the provider did not answer —
   * asks the provider once with the same key; a refusal leaves the order as it was with the provider's
   * reason; the refund that makes the whole amount go back closes the pass at once.
   */
  async refund(op: Operator, orderId: number, input: RefundRequest): Promise<AdminRefund> {
    const channelId = op.session.channel.id
    const language = op.session.channel.language
    const order = await this.orderOf(op, orderId)
    const { refund, created } = await this.refunds.place(channelId, order.id, input.idempotency_key, (o, held) => {
      if (o.complimentary === 1) throw conflict(salesMessages.complimentaryNotRefundable)
      if (o.status === 'refunded' || (o.status === 'paid' && held >= o.amount))
        throw conflict(salesMessages.nothingLeft)
      if (o.status !== 'paid') throw conflict(salesMessages.notRefundable)
      if (!o.provider_payment_id) throw conflict(salesMessages.noPayment)
      const left = o.amount - held
      const amount = input.amount ?? left
      if (amount > left) throw invalid({ amount: [salesMessages.tooMuch(formatMoney(left, o.currency, language))] })
      const now = this.deps.clock()
      return {
        amount,
        currency: o.currency,
        reason: input.reason,
        status: 'pending',
        failure_message: null,
        provider_refund_id: null,
        idempotency_key: input.idempotency_key,
        user_id: op.userId,
        user_email: op.email,
        created_at: now,
        updated_at: now,
      }
    })
    if (refund.order_id !== order.id) throw conflict(salesMessages.keyUsed)
    if (refund.status === 'pending') {
      // The same key while its refund is being asked for: the refund as it stands (the console looks again).
      const now = this.deps.clock()
      if (!created && !(await this.refunds.claim(refund.id, now, now - REASK_AFTER_MS)))
        return presentAdminRefund(refund)
      return this.askGateway(op, refund, order.provider_payment_id as string, created)
    }
    if (refund.status === 'failed') throw new AppError(409, refund.failure_message ?? salesMessages.notRefundable)
    return presentAdminRefund(refund)
  }

  private async askGateway(op: Operator, refund: RefundRow, paymentId: string, first: boolean) {
    let outcome: { status: 'succeeded'; providerRefundId: string } | { status: 'failed'; message: string }
    try {
      const made = await this.gateway.refund({
        paymentId,
        amount: refund.amount,
        currency: refund.currency,
        orderId: refund.order_id,
        reason: refund.reason,
        idempotencyKey: `refund-${refund.channel_id}-${refund.idempotency_key}`,
      })
      outcome = { status: 'succeeded', providerRefundId: made.providerRefundId }
    } catch (error) {
      if (!(error instanceof RefundRefused)) {
        // Left pending: the same key asks the provider again, which refunds once.
        this.deps.log.error({ err: error, refund: refund.id }, 'a refund was not answered by the provider')
        throw new AppError(502, salesMessages.gatewayUnreachable)
      }
      outcome = { status: 'failed', message: error.message }
    }
    const { whole, order, settled } = await this.refunds.settle(refund, outcome, this.deps.clock())
    this.deps.access.forget(order.user_id)
    // Recorded once: by the request whose answer settled it.
    if (settled) {
      await this.deps.audit(op, {
        action: 'create',
        resource: 'refunds',
        resourceId: refund.order_id,
        after: {
          refund_id: refund.id,
          amount: refund.amount,
          currency: refund.currency,
          reason: refund.reason,
          status: outcome.status,
          ...(outcome.status === 'failed' ? { message: outcome.message } : { whole }),
          ...(first ? {} : { retried: true }),
        },
      })
    }
    if (outcome.status === 'failed') throw new AppError(409, outcome.message)
    // A subscription given back in full charges nothing more.
    if (settled && whole && order.type === 'subscription' && order.provider_subscription_id) {
      await this.gateway.cancelSubscription(order.provider_subscription_id).catch((error: unknown) => {
        this.deps.log.error(
          { err: error, order: order.id },
          'a refunded subscription was not cancelled at the provider',
        )
      })
    }
    return presentAdminRefund({
      ...refund,
      status: 'succeeded',
      provider_refund_id: outcome.providerRefundId,
    })
  }

  /** What refunding every buyer of an event would do: how many orders, how much. */
  async eventRefundPreview(op: Operator, eventId: number): Promise<EventRefundPreview> {
    const channelId = op.session.channel.id
    const event = await this.sales.eventOf(channelId, eventId)
    if (!event) throw notFound('event')
    const { due } = await this.refundsDue(channelId, eventId)
    return { event, orders: due.length, totals: totalsOf(due) }
  }

  private async refundsDue(channelId: number, eventId: number) {
    const orders = await this.sales.ordersOfEvent(channelId, eventId)
    const held = await this.refunds.heldByOrder(orders.map((o) => o.id))
    const due: { orderId: number; amount: number; currency: string }[] = []
    let skipped = 0
    for (const o of orders) {
      const left = o.amount - (held.get(o.id) ?? 0)
      if (o.complimentary === 1 || left <= 0 || !o.provider_payment_id) skipped += 1
      else due.push({ orderId: o.id, amount: left, currency: o.currency })
    }
    return { due, skipped }
  }

  /**
   * Every buyer of a cancelled event refunded what is left on their order, one order at a time, each
   * with a key of its own made from the action's: run again (with the same key or a new one), the
   * orders refunded already are skipped and nobody is refunded twice.
   */
  async refundEvent(op: Operator, eventId: number, input: { reason: string; idempotency_key: string }) {
    const channelId = op.session.channel.id
    const event = await this.sales.eventOf(channelId, eventId)
    if (!event) throw notFound('event')
    const { due, skipped } = await this.refundsDue(channelId, eventId)
    const report: EventRefundReport = { refunded: 0, skipped, failed: [], totals: [] }
    const made: typeof due = []
    for (const d of due) {
      try {
        await this.refund(op, d.orderId, {
          amount: d.amount,
          reason: input.reason,
          idempotency_key: `${input.idempotency_key}-o${d.orderId}`,
        })
        report.refunded += 1
        made.push(d)
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        report.failed.push({ order_id: d.orderId, message })
      }
    }
    report.totals = totalsOf(made)
    await this.deps.audit(op, {
      action: 'create',
      resource: 'refunds',
      resourceId: `event:${event.id}`,
      after: { event: event.name, reason: input.reason, ...report },
    })
    return report
  }
}

function totalsOf(items: { amount: number; currency: string }[]) {
  const by = new Map<string, number>()
  for (const i of items) by.set(i.currency, (by.get(i.currency) ?? 0) + i.amount)
  return [...by].map(([currency, amount]) => ({ currency, amount }))
}
