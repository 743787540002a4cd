import {
  type AdminOrder,
  type AdminOrderDetail,
  type AdminOrdersQuery,
  type AdminRefund,
  type ComplimentaryRequest,
  type EventRefundPreview,
  type EventRefundReport,
  ORDERS_EXPORT_MAX,
  type RefundRequest,
  salesMessages,
} from '@fieldhouse/contract'
import type { FastifyBaseLogger } from 'fastify'
import { csvLine } from '../../lib/csv.js'
import { AppError, conflict, invalid, notFound } from '../../lib/errors.js'
import type { AuditSink, Operator } from '../../lib/operator.js'
import { dayStart, nextDay } from '../../lib/zoned-day.js'
import type { AccessService } from '../access/access.service.js'
import { type PaymentGateway, RefundRefused } from './gateways/gateway.js'
import type { PassesRepository } from './passes.repository.js'
import type { RefundRow, SalesRepository } from './sales.repository.js'

type OrderListRow = Awaited<ReturnType<SalesRepository['list']>>['rows'][number]

/** A pending refund is asked for again (a retry) once no request has asked for it this long. */
const REASK_AFTER_MS = 30_000

const money = (amount: number, currency: string) => `${(amount / 100).toFixed(2)} ${currency}`

function presentOrder(r: OrderListRow): AdminOrder {
  return {
    id: r.id,
    created_at: Number(r.created_at),
    user: { id: r.user_id, email: r.email },
    pass: { id: r.pass_id, name: r.pass_name, kind: r.pass_kind },
    event: r.event_id !== null && r.event_name !== null ? { id: r.event_id, name: r.event_name } : null,
    type: r.type,
    status: r.status,
    activity_status: r.activity_status,
    amount: r.amount,
    refunded: Number(r.refunded ?? 0),
    currency: r.currency,
    coupon_code: r.coupon_code,
    gateway: r.gateway,
    complimentary: r.complimentary === 1,
    auto_renew: r.auto_renew === 1,
    period_end: r.period_end === null ? null : Number(r.period_end),
  }
}

function presentRefund(r: RefundRow): AdminRefund {
  return {
    id: r.id,
    amount: r.amount,
    currency: r.currency,
    reason: r.reason,
    status: r.status,
    failure_message: r.failure_message,
    operator_email: r.user_email,
    created_at: Number(r.created_at),
  }
}

/**
 * The console's sales (decision 0036): the channel's orders and their story, refunds through the
 * gateway, cancelling subscriptions, refunding every buyer of a cancelled event and complimentary
 * passes. Every money action is checked against the operator's channel (the route's role was checked
 * by the session plugin), done once per console key, and written to the audit log.
 */
export class SalesService {
  constructor(
    private readonly repo: SalesRepository,
    private readonly gateway: PaymentGateway,
    private readonly deps: {
      passes: PassesRepository
      access: AccessService
      audit: AuditSink
      log: FastifyBaseLogger
      clock: () => number
    },
  ) {}

  private range(op: Operator, q: { from?: string | undefined; to?: string | undefined }) {
    const tz = op.session.channel.time_zone
    return {
      ...(q.from ? { from: dayStart(q.from, tz) } : {}),
      ...(q.to ? { to: dayStart(nextDay(q.to), tz) } : {}),
    }
  }

  async list(op: Operator, q: AdminOrdersQuery) {
    const { rows, total } = await this.repo.list(op.session.channel.id, q, this.range(op, q))
    return { data: rows.map(presentOrder), meta: { total, offset: q.offset, limit: q.limit } }
  }

  /** What the list shows (its filters and order), every row up to the export's limit, as CSV. */
  async exportCsv(op: Operator, q: AdminOrdersQuery) {
    const all = { ...q, offset: 0, limit: ORDERS_EXPORT_MAX }
    const { rows } = await this.repo.list(op.session.channel.id, all, this.range(op, q))
    const head = ['id', 'created_at', 'email', 'pass', 'event', 'status', 'access', 'amount', 'refunded', 'currency']
    const lines = rows
      .map(presentOrder)
      .map((o) =>
        csvLine([
          o.id,
          new Date(o.created_at).toISOString(),
          o.user.email,
          o.pass.name,
          o.event?.name ?? '',
          o.complimentary ? 'complimentary' : o.status,
          o.activity_status,
          (o.amount / 100).toFixed(2),
          (o.refunded / 100).toFixed(2),
          o.currency,
        ]),
      )
    return `${[head.join(','), ...lines].join('\r\n')}\r\n`
  }

  private async orderOf(op: Operator, orderId: number) {
    const order = await this.repo.orderOf(op.session.channel.id, orderId)
    if (!order) throw notFound('order')
    return order
  }

  /** The order's whole story: the provider's events, the money taken, the refunds, the card's brand and last four. */
  async detail(op: Operator, orderId: number): Promise<AdminOrderDetail> {
    const order = await this.orderOf(op, orderId)
    const story = await this.repo.story(order.id)
    const refunded = story.refunds.filter((r) => r.status === 'succeeded').reduce((s, r) => s + r.amount, 0)
    const held = story.refunds.filter((r) => r.status !== 'failed').reduce((s, r) => s + r.amount, 0)
    const card = order.provider_payment_id
      ? await this.gateway.paymentCard(order.provider_payment_id).catch((error: unknown) => {
          this.deps.log.warn({ err: error, order: order.id }, 'the card of a payment could not be read')
          return null
        })
      : null
    return {
      ...presentOrder({ ...order, refunded }),
      discount: order.discount,
      service_fee: order.service_fee,
      failure_message: order.failure_message,
      trial_ends_at: order.trial_ends_at === null ? null : Number(order.trial_ends_at),
      card: card ? { brand: card.brand, last4: card.last4 } : null,
      events: story.events.map((e) => ({ id: e.id, type: e.type, received_at: Number(e.received_at) })),
      transactions: story.transactions.map((t) => ({ ...t, created_at: Number(t.created_at) })),
      refunds: story.refunds.map(presentRefund),
      refundable: order.status === 'paid' && order.complimentary === 0 ? Math.max(0, order.amount - held) : 0,
    }
  }

  /**
   * Part or all of an order given back through the gateway. Recorded first (pending) under the order's
   * lock with the console's key, so the same key twice — or a retry after the provider did not answer —
   * asks the provider once with the same key; a refusal leaves the order as it was with the provider's
   * reason; the refund that makes the whole amount go back closes the pass at once.
   */
  async refund(op: Operator, orderId: number, input: RefundRequest): Promise<AdminRefund> {
    const channelId = op.session.channel.id
    const order = await this.orderOf(op, orderId)
    const { refund, created } = await this.repo.placeRefund(channelId, order.id, input.idempotency_key, (o, held) => {
      if (o.complimentary === 1) throw conflict(salesMessages.complimentaryNotRefundable)
      if (o.status === 'refunded' || (o.status === 'paid' && held >= o.amount))
        throw conflict(salesMessages.nothingLeft)
      if (o.status !== 'paid') throw conflict(salesMessages.notRefundable)
      if (!o.provider_payment_id) throw conflict(salesMessages.noPayment)
      const left = o.amount - held
      const amount = input.amount ?? left
      if (amount > left) throw invalid({ amount: [salesMessages.tooMuch(money(left, o.currency))] })
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
      if (!created && !(await this.repo.claimRefund(refund.id, now, now - REASK_AFTER_MS))) return presentRefund(refund)
      return this.askGateway(op, refund, order.provider_payment_id as string, created)
    }
    if (refund.status === 'failed') throw new AppError(409, refund.failure_message ?? salesMessages.notRefundable)
    return presentRefund(refund)
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
    const { whole, order, settled } = await this.repo.settleRefund(refund, outcome, this.deps.clock())
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
    return presentRefund({
      ...refund,
      status: 'succeeded',
      provider_refund_id: outcome.providerRefundId,
    })
  }

  /**
   * Runs a console action once per key: a second request with the key gets the first answer; one that
   * failed frees its key for the retry.
   */
  private async once<T>(op: Operator, key: string, action: string, fn: () => Promise<T>): Promise<T> {
    const channelId = op.session.channel.id
    if (!(await this.repo.claimAction(channelId, key, action, this.deps.clock()))) {
      const done = await this.repo.actionByKey(channelId, key)
      if (done?.action !== action) throw conflict(salesMessages.keyUsed)
      if (done.result === null) throw conflict('This action is still running.')
      return JSON.parse(done.result) as T
    }
    try {
      const result = await fn()
      await this.repo.actionDone(channelId, key, result)
      return result
    } catch (error) {
      await this.repo.releaseAction(channelId, key)
      throw error
    }
  }

  /** A subscription ended now (its pass closes at once) or at its period's end (it stops renewing). */
  async cancel(op: Operator, orderId: number, input: { when: 'now' | 'period_end'; idempotency_key: string }) {
    const order = await this.orderOf(op, orderId)
    return this.once(op, input.idempotency_key, `cancel:${order.id}`, async () => {
      const fresh = await this.orderOf(op, orderId)
      if (fresh.type !== 'subscription') throw conflict(salesMessages.notSubscription)
      if (fresh.status !== 'paid' || fresh.activity_status !== 'active') throw conflict(salesMessages.notRunning)
      const now = this.deps.clock()
      if (fresh.provider_subscription_id) {
        if (input.when === 'now') await this.gateway.cancelSubscription(fresh.provider_subscription_id)
        else await this.gateway.setCancelAtPeriodEnd(fresh.provider_subscription_id, true)
      }
      if (input.when === 'now') await this.repo.cancelNow(fresh.id, now)
      else await this.repo.stopRenewal(fresh.id, now)
      this.deps.access.forget(fresh.user_id)
      await this.deps.audit(op, {
        action: 'update',
        resource: 'orders',
        resourceId: fresh.id,
        before: { activity_status: fresh.activity_status, auto_renew: fresh.auto_renew === 1 },
        after: { cancel: input.when },
      })
      return this.detail(op, fresh.id)
    })
  }

  /** What refunding every buyer of an event would do: how many orders, how much. */
  async eventRefundPreview(op: Operator, eventId: number): Promise<EventRefundPreview> {
    const channelId = op.session.channel.id
    const event = await this.repo.eventOf(channelId, eventId)
    if (!event) throw notFound('event')
    const { due } = await this.refundsDue(channelId, eventId)
    return { event, orders: due.length, totals: totalsOf(due) }
  }

  private async refundsDue(channelId: number, eventId: number) {
    const orders = await this.repo.ordersOfEvent(channelId, eventId)
    const held = await this.repo.heldByOrder(orders.map((o) => o.id))
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
    const event = await this.repo.eventOf(channelId, eventId)
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

  /** A complimentary pass: an order of nothing, paid and open at once, marked complimentary. */
  async grantComplimentary(op: Operator, input: ComplimentaryRequest) {
    const channelId = op.session.channel.id
    return this.once(op, input.idempotency_key, 'complimentary', async () => {
      const viewer = await this.repo.viewer(channelId, { id: input.user_id, email: input.email })
      if (!viewer) {
        throw invalid(
          input.email !== undefined
            ? { email: ['No viewer of this channel signed up with this email'] }
            : { user_id: ['Choose a viewer of this channel'] },
        )
      }
      // Another channel's pass or event is not found, as every other foreign id.
      const pass = await this.deps.passes.byId(channelId, input.pass_id)
      if (!pass) throw notFound('pass')
      const eventId = pass.kind === 'event' ? (pass.event_id ?? input.event_id) : input.event_id
      if (eventId !== null && !(await this.repo.eventOf(channelId, eventId))) throw notFound('event')
      const now = this.deps.clock()
      const order = await this.repo.insertComplimentary({
        channel_id: channelId,
        user_id: viewer.id,
        pass_id: pass.id,
        bundle_id: null,
        type: pass.kind === 'subscription' ? 'subscription' : pass.kind === 'event' ? 'event' : 'package',
        status: 'paid',
        activity_status: 'active',
        amount: 0,
        discount: 0,
        service_fee: 0,
        currency: op.session.channel.currency,
        coupon_code: null,
        event_id: eventId,
        event_category_id: null,
        participant_id: null,
        gateway: this.gateway.name,
        idempotency_key: `comp-${input.idempotency_key}`,
        provider_payment_id: null,
        provider_subscription_id: null,
        period_end: null,
        trial_ends_at: null,
        auto_renew: 0,
        failure_message: null,
        provider_updated_at: 0,
        checkout_terms: null,
        complimentary: 1,
        created_at: now,
        updated_at: now,
      })
      this.deps.access.forget(viewer.id)
      await this.deps.audit(op, {
        action: 'create',
        resource: 'orders',
        resourceId: order.id,
        after: { complimentary: true, user: viewer.email, pass: pass.name, reason: input.reason },
      })
      return this.detail(op, order.id)
    })
  }

  /** A complimentary pass taken back: it opens nothing from now. */
  async revokeComplimentary(op: Operator, orderId: number, key: string) {
    const order = await this.orderOf(op, orderId)
    return this.once(op, key, `revoke:${order.id}`, async () => {
      const fresh = await this.orderOf(op, orderId)
      if (fresh.complimentary !== 1) throw conflict(salesMessages.notComplimentary)
      if (fresh.activity_status !== 'active') throw conflict(salesMessages.alreadyRevoked)
      await this.repo.revokeComplimentary(fresh.id, this.deps.clock())
      this.deps.access.forget(fresh.user_id)
      await this.deps.audit(op, {
        action: 'update',
        resource: 'orders',
        resourceId: fresh.id,
        before: { activity_status: fresh.activity_status },
        after: { activity_status: 'canceled', complimentary: true },
      })
      return this.detail(op, fresh.id)
    })
  }
}

function totalsOf(items: { amount: number; currency: string }[]) {
  const by = new Map<string, number>()
  for (const i of items) by.set(i.currency, (by.get(i.currency) ?? 0) + i.amount)
  return [...by].map(([currency, amount]) => ({ currency, amount }))
}
