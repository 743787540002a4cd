import {
  type AdminOrderDetail,
  type AdminOrdersQuery,
  type ComplimentaryRequest,
  dayStart,
  minuteText,
  moneyInput,
  nextDay,
  ORDERS_EXPORT_MAX,
  salesMessages,
} from '@fieldhouse/contract'
import type { FastifyBaseLogger } from 'fastify'
import { csvLine } from '../../lib/csv.js'
import { conflict, found, invalid, notFound } from '../../lib/errors.js'
import type { AuditSink, Operator } from '../../lib/operator.js'
import type { AccessService } from '../access/access.service.js'
import type { ConsoleActions } from './console-actions.js'
import type { PaymentGateway } from './gateways/gateway.js'
import type { PassesRepository } from './passes.repository.js'
import type { RefundsRepository } from './refunds.repository.js'
import { presentAdminOrder, presentAdminRefund } from './sales.presenter.js'
import type { SalesRepository } from './sales.repository.js'

/**
 * The console's sales (decision 0036): the channel's orders, their export and their story, cancelling
 * subscriptions and complimentary passes (refunds: `RefundsService`). Every money action is checked
 * against the operator's channel (the route's role was checked by the session plugin), done once per
 * console key, and written to the audit log.
 */
export class SalesService {
  constructor(
    private readonly repo: SalesRepository,
    private readonly gateway: PaymentGateway,
    private readonly deps: {
      passes: PassesRepository
      refunds: RefundsRepository
      actions: ConsoleActions
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
    return { data: rows.map(presentAdminOrder), meta: { total, offset: q.offset, limit: q.limit } }
  }

  /** What the list shows (its filters and order), every row up to the export's limit, as CSV. */
  async exportCsv(op: Operator, q: AdminOrdersQuery) {
    const all = { ...q, offset: 0, limit: ORDERS_EXPORT_MAX }
    const { rows } = await this.repo.list(op.session.channel.id, all, this.range(op, q))
    // On the channel's clock, as the list's day filters are (decision 0019); amounts as plain numbers.
    const tz = op.session.channel.time_zone
    const head = ['id', 'created_at', 'email', 'pass', 'event', 'status', 'access', 'amount', 'refunded', 'currency']
    const lines = rows
      .map(presentAdminOrder)
      .map((o) =>
        csvLine([
          o.id,
          minuteText(o.created_at, tz),
          o.user.email,
          o.pass.name,
          o.event?.name ?? '',
          o.complimentary ? 'complimentary' : o.status,
          o.activity_status,
          moneyInput(o.amount, o.currency),
          moneyInput(o.refunded, o.currency),
          o.currency,
        ]),
      )
    return `${[head.join(','), ...lines].join('\r\n')}\r\n`
  }

  private async orderOf(op: Operator, orderId: number) {
    return found(await this.repo.orderOf(op.session.channel.id, orderId), 'order')
  }

  /** The order's whole story: the provider's events, the money taken, the refunds, the card's brand and last four. */
  async detail(op: Operator, orderId: number): Promise<AdminOrderDetail> {
    const order = await this.orderOf(op, orderId)
    const [story, refunds] = await Promise.all([this.repo.story(order.id), this.deps.refunds.ofOrder(order.id)])
    const refunded = refunds.filter((r) => r.status === 'succeeded').reduce((s, r) => s + r.amount, 0)
    const held = refunds.filter((r) => r.status !== 'failed').reduce((s, r) => s + r.amount, 0)
    const card = order.provider_payment_id
      ? await this.gateway.paymentCard(order.provider_payment_id).catch((error: unknown) => {
          this.deps.log.warn({ err: error, order: order.id }, 'the card of a payment could not be read')
          return null
        })
      : null
    return {
      ...presentAdminOrder({ ...order, refunded }),
      discount: order.discount,
      service_fee: order.service_fee,
      failure_message: order.failure_message,
      trial_ends_at: order.trial_ends_at === null ? null : Number(order.trial_ends_at),
      card: card ? { brand: card.brand, last4: card.last4 } : null,
      events: story.events.map((e) => ({ id: e.id, type: e.type, received_at: Number(e.received_at) })),
      transactions: story.transactions.map((t) => ({ ...t, created_at: Number(t.created_at) })),
      refunds: refunds.map(presentAdminRefund),
      refundable: order.status === 'paid' && order.complimentary === 0 ? Math.max(0, order.amount - held) : 0,
    }
  }

  /** A subscription ended now (its pass closes at once) or at its period's end (it stops renewing). */
  async cancel(op: Operator, orderId: number, input: { when: 'now' | 'period_end'; idempotency_key: string }) {
    const order = await this.orderOf(op, orderId)
    return this.deps.actions.once(op, input.idempotency_key, `cancel:${order.id}`, async () => {
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

  /** A complimentary pass: an order of nothing, paid and open at once, marked complimentary. */
  async grantComplimentary(op: Operator, input: ComplimentaryRequest) {
    const channelId = op.session.channel.id
    return this.deps.actions.once(op, input.idempotency_key, 'complimentary', async () => {
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
    return this.deps.actions.once(op, key, `revoke:${order.id}`, async () => {
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
