import { messages } from '@fieldhouse/contract'
import type { FastifyBaseLogger } from 'fastify'
import type { OrderRow } from '../../db/schema.js'
import type { AccessService } from '../access/access.service.js'
import type { GatewayEvent, PaymentGateway } from './gateways/gateway.js'
import type { OrdersRepository, OrderWrites } from './orders.repository.js'

const RANK: Record<OrderRow['status'], number> = { created: 0, failed: 1, paid: 2, refunded: 3 }

/**
 * Why an event may not touch an order, or null when it may. An event names its order by the metadata
 * it carries; only the money itself proves it is the order's: a payment event must be the order's
 * payment (once we know its id) for the order's amount, an invoice or subscription event the order's
 * subscription, and every amount in the order's currency. A signed event for another payment — one
 * cent in another currency, say — that names our order is recorded and applied to nothing.
 */
export function mismatchOf(order: OrderRow, e: GatewayEvent): string | null {
  const money = e.type !== 'customer.subscription.updated' && e.type !== 'customer.subscription.deleted'
  if (money) {
    if (
      e.currency === undefined ? order.gateway === 'stripe' : e.currency.toUpperCase() !== order.currency.toUpperCase()
    )
      return 'currency'
  }
  const subscription = order.type === 'subscription'
  switch (e.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
      // A subscription's payments are settled by its invoices: these change nothing there.
      if (subscription) return null
      if (!e.paymentId || (order.provider_payment_id !== null && e.paymentId !== order.provider_payment_id))
        return 'payment'
      if (e.amount !== order.amount) return 'amount'
      return null
    case 'charge.refunded':
      if (!e.paymentId || (order.provider_payment_id !== null && e.paymentId !== order.provider_payment_id))
        return 'payment'
      if (e.amount !== undefined && e.amount > order.amount && !subscription) return 'amount'
      return null
    default:
      // Invoices and subscription changes belong to subscription orders, and to their subscription.
      if (!subscription) return 'not a subscription'
      if (
        order.provider_subscription_id !== null &&
        e.subscriptionId !== undefined &&
        e.subscriptionId !== order.provider_subscription_id
      )
        return 'subscription'
      // The first invoice of a subscription without a trial is what the checkout charged.
      if (
        e.type === 'invoice.paid' &&
        e.billingReason === 'subscription_create' &&
        order.trial_ends_at === null &&
        e.amount !== order.amount
      )
        return 'amount'
      return null
  }
}

/**
 * What one event changes on its order, gathered by the event's handler and written at once. Its steps
 * never move an order backwards: paid beats failed and created; a period end only grows; renewal flags
 * follow the newest event.
 */
class OrderChange {
  readonly next: Partial<OrderRow> = {}
  /** The event is no older than the last one applied to the order. */
  readonly newer: boolean

  constructor(
    readonly order: OrderRow,
    readonly event: GatewayEvent,
    private readonly writes: OrderWrites,
  ) {
    this.newer = event.created >= order.provider_updated_at
  }

  private get status() {
    return this.next.status ?? this.order.status
  }

  /** The order's payment state moves forwards to `status`, never back. */
  settle(status: OrderRow['status']) {
    if (RANK[status] > RANK[this.status]) this.next.status = status
  }

  /** Grants access: the pass opens content — only from a paid order (a refund that came first keeps it shut). */
  activate() {
    if (this.status === 'paid' && this.order.activity_status === 'inactive') this.next.activity_status = 'active'
  }

  /**
   * Revokes access: the pass opens nothing any more — `inactive` when its money went back, `canceled`
   * when its subscription ended at the provider.
   */
  revoke(as: 'inactive' | 'canceled') {
    this.next.activity_status = as
  }

  /** A declined payment's message, kept on an order still waiting for its first payment. */
  declined() {
    if (this.order.status === 'created') {
      this.next.failure_message = (this.event.failureMessage ?? messages.cardDeclined).slice(0, 300)
    }
  }

  growPeriod(end: number | undefined) {
    if (end !== undefined && (this.order.period_end === null || end > this.order.period_end)) this.next.period_end = end
  }

  /** The money taken, in the viewer's transactions (once per provider reference). */
  async record(type: 'New subscription' | 'Subscription Renewal' | 'Purchase', amount: number) {
    const { order, event } = this
    await this.writes.recordTransaction({
      channel_id: order.channel_id,
      user_id: order.user_id,
      order_id: order.id,
      type,
      amount,
      currency: order.currency,
      status: 'paid',
      provider_ref: event.paymentId ?? event.id,
      created_at: event.created,
    })
  }
}

/** The order's state machine: what each kind of provider event does to its order. */
const HANDLERS: { [K in GatewayEvent['type']]: (change: OrderChange) => Promise<void> | void } = {
  'payment_intent.succeeded': async (c) => {
    if (c.order.type === 'subscription') return
    c.settle('paid')
    c.activate()
    if (!c.order.provider_payment_id && c.event.paymentId) c.next.provider_payment_id = c.event.paymentId
    await c.record('Purchase', c.event.amount ?? c.order.amount)
  },
  'payment_intent.payment_failed': (c) => {
    if (c.order.type === 'subscription') return
    c.settle('failed')
    c.declined()
  },
  'invoice.paid': async (c) => {
    const { order, event } = c
    c.settle('paid')
    c.activate()
    // A trial's order was placed for nothing: its amount becomes the first charge, when the trial converts.
    if (order.trial_ends_at !== null && order.amount === 0 && (event.amount ?? 0) > 0) {
      c.next.amount = event.amount as number
    }
    c.growPeriod(event.currentPeriodEnd)
    const first = event.billingReason === 'subscription_create'
    await c.record(first ? 'New subscription' : 'Subscription Renewal', event.amount ?? 0)
  },
  'invoice.payment_failed': (c) => {
    c.settle('failed')
    c.declined()
  },
  'customer.subscription.updated': (c) => {
    const { order, event: e } = c
    if (e.status === 'trialing' || e.status === 'active') {
      c.settle('paid')
      c.activate()
      if (e.status === 'trialing' && e.currentPeriodEnd !== undefined && (order.trial_ends_at === null || c.newer)) {
        c.next.trial_ends_at = e.currentPeriodEnd
      }
    }
    c.growPeriod(e.currentPeriodEnd)
    if (e.cancelAtPeriodEnd !== undefined && c.newer) c.next.auto_renew = e.cancelAtPeriodEnd ? 0 : 1
    if ((e.status === 'canceled' || e.status === 'incomplete_expired') && order.status === 'paid') {
      c.revoke('canceled')
      c.next.auto_renew = 0
    }
  },
  'customer.subscription.deleted': (c) => {
    if (c.order.status === 'paid') c.revoke('canceled')
    else c.settle('failed')
    c.next.auto_renew = 0
  },
  'charge.refunded': (c) => {
    // Spec §4 "refunded": the whole charge went back, so the pass no longer opens anything.
    if (!c.event.fullyRefunded) return
    c.settle('refunded')
    c.revoke('inactive')
  },
}

/**
 * The one place where the provider's events change orders (decision 10): each event recorded in the
 * ledger and applied once, in the same transaction as the order write, in whatever order the events
 * arrive; and the local failure of an order the provider never charged.
 */
export class OrderEventsService {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly gateway: PaymentGateway,
    private readonly deps: {
      log: FastifyBaseLogger
      /** Entitlements: the viewer's holdings, forgotten when an order changes. */
      access: AccessService
      /** An order has just become paid (after its commit): the basic-pass choice. */
      onPaid?: ((order: { channelId: number; userId: number }) => Promise<void>) | undefined
      clock?: (() => number) | undefined
    },
  ) {}

  private now() {
    return (this.deps.clock ?? Date.now)()
  }

  /**
   * Applies one provider event: recorded in the ledger and applied to its order in one transaction,
   * so a redelivery finds it recorded and changes nothing.
   */
  async handleEvent(event: GatewayEvent): Promise<'applied' | 'duplicate' | 'ignored'> {
    const result = await this.orders.transaction(async (writes) => {
      const recorded = await writes.recordEvent({
        gateway: this.gateway.name,
        providerEventId: event.id,
        type: event.type,
        orderId: event.orderId,
        payload: JSON.stringify(event),
        receivedAt: this.now(),
      })
      if (!recorded) return { outcome: 'duplicate' as const }
      const order = await this.findOrder(writes, event)
      if (!order) return { outcome: 'ignored' as const }
      const mismatch = mismatchOf(order, event)
      if (mismatch) {
        // Recorded in the ledger, applied to nothing: this money is not the order's.
        this.deps.log.warn(
          { event: event.id, type: event.type, order: order.id, mismatch },
          'payment event not applied',
        )
        return { outcome: 'ignored' as const }
      }
      const becamePaid = await this.apply(writes, order, event)
      return { outcome: 'applied' as const, userId: order.user_id, channelId: order.channel_id, becamePaid }
    })
    if ('userId' in result && result.userId !== undefined) this.deps.access.forget(result.userId)
    // After the commit, outside the order's lock: the order's transaction stays as short as before.
    if ('becamePaid' in result && result.becamePaid) {
      await this.deps.onPaid?.({ channelId: result.channelId, userId: result.userId }).catch((error: unknown) => {
        this.deps.log.error({ err: error, user: result.userId }, 'the basic-pass choice of a purchase was not saved')
      })
    }
    return result.outcome
  }

  /** The event's order, locked: two events of one order apply one after the other, never over each other. */
  private async findOrder(writes: OrderWrites, e: GatewayEvent) {
    const { orderId, subscriptionId, paymentId } = e
    if (orderId !== null) {
      const byId = await writes.lock({ id: orderId })
      if (byId) return byId
    }
    if (subscriptionId) {
      const bySub = await writes.lock({ subscriptionId })
      if (bySub) return bySub
    }
    if (paymentId) return writes.lock({ paymentId })
    return undefined
  }

  /** The event's handler, then its change written to the order (and its bundle); true when it became paid. */
  private async apply(writes: OrderWrites, order: OrderRow, e: GatewayEvent) {
    const now = this.now()
    const change = new OrderChange(order, e, writes)
    await HANDLERS[e.type](change)
    const next = change.next
    if (change.newer) next.provider_updated_at = e.created
    if (Object.keys(next).length === 0) return false
    // Bundles: the passes bought with the lead order follow it.
    await writes.updateCheckout(order, { ...next, updated_at: now })
    if (next.status === 'failed' && order.status === 'created') await writes.releaseHolds(order)
    return next.status === 'paid' && order.status !== 'paid'
  }

  /**
   * A refusal known before any provider event (a card number that cannot be right), or reconciliation
   * giving up: the order (and the rest of its bundle) fails, and what it held — a coupon redemption, the
   * viewer's trial — goes back in the same transaction, unless it never took them (`release: false`).
   */
  async failLocally(orderId: number, message: string, opts: { release: boolean } = { release: true }) {
    const userId = await this.orders.transaction(async (writes) => {
      const order = await writes.lock({ id: orderId })
      if (order?.status !== 'created') return null
      await writes.updateCheckout(
        order,
        { status: 'failed', failure_message: message.slice(0, 300), updated_at: this.now() },
        { whileCreated: true },
      )
      if (opts.release) await writes.releaseHolds(order)
      return order.user_id
    })
    if (userId !== null) this.deps.access.forget(userId)
  }
}
