import { randomBytes } from 'node:crypto'
import { messages, TEST_CARDS } from '@fieldhouse/contract'
import { DAY, discounted, periodEnd } from '../pricing.js'
import {
  CardError,
  type ChargeRequest,
  type ChargeResult,
  type GatewayEvent,
  type InvoicePreview,
  type OrderLookup,
  type OrderRef,
  type PaymentCard,
  type PaymentGateway,
  type PaymentSource,
  type PaymentStatus,
  RefundRefused,
  type RefundRequest,
  type RenewRequest,
  type SavedCard,
  type SubscribeRequest,
  type SubscribeResult,
  WebhookSignatureError,
} from './gateway.js'
import { checkTestCard, testCardOutcome } from './test-cards.js'
import {
  type EventDraft,
  invoiceEvents,
  paymentEvent,
  refundEvent,
  subscriptionIdOf,
  trialEvents,
} from './test-gateway.events.js'
import type { TestGatewayRepository } from './test-gateway.repository.js'

const id = (prefix: string) => `${prefix}_test_${randomBytes(9).toString('base64url')}`
/**
 * The embedded default's gateway: no network, no real money, Stripe's test-card behaviour
 * (4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient
 * funds). It keeps what Stripe would keep — saved cards and payments, with idempotency keys — in its
 * own tables, and reports outcomes as Stripe-shaped events delivered a moment later, so orders go
 * through the same state machine as with Stripe's webhooks.
 */
export class TestGateway implements PaymentGateway {
  readonly name = 'test' as const
  readonly publishableKey = null
  constructor(
    private readonly repo: TestGatewayRepository,
    /** Where events go (the payments service), and after how long. */
    private readonly opts: {
      deliver?: (event: GatewayEvent) => Promise<void>
      delayMs?: number
      clock?: () => number
    } = {},
  ) {}

  private deliver(event: GatewayEvent) {
    return this.opts.deliver ? this.opts.deliver(event) : Promise.resolve()
  }

  private now() {
    return (this.opts.clock ?? Date.now)()
  }

  private emit(events: EventDraft[]) {
    const created = this.now()
    const list = events.map((e, i) => ({ ...e, id: id('evt'), created: created + i }))
    setTimeout(() => {
      void (async () => {
        for (const e of list) await this.deliver(e).catch(() => {})
      })()
    }, this.opts.delayMs ?? 300).unref()
  }

  async createCustomer() {
    return id('cus')
  }

  /** The card a source names, checked as Stripe checks it; a new card is saved when asked. */
  private async card(customerId: string, source: PaymentSource, forceSave = false) {
    // No Elements offline: a PaymentMethod id can only name one of this customer's saved cards.
    if (source.kind === 'saved' || source.kind === 'new') {
      const row = await this.repo.card(source.paymentMethodId, customerId)
      if (!row) throw new CardError(messages.paymentCardRequired)
      return row
    }
    const { number, brand, last4 } = checkTestCard(source, this.now())
    const card = {
      id: id('pm'),
      customer_id: customerId,
      number,
      brand,
      last4,
      exp_month: source.expMonth,
      exp_year: source.expYear,
      created_at: this.now(),
    }
    if ((source.save || forceSave) && testCardOutcome(number).ok !== false) {
      await this.repo.saveCard(card)
    }
    return card
  }

  /** One payment per idempotency key, however often it is asked for. */
  private async pay(
    key: string,
    orderId: number,
    amount: number,
    currency: string,
    number: string,
    card: { brand: string; last4: string } | null = null,
  ) {
    const existing = await this.repo.paymentByKey(key)
    if (existing) return { payment: existing, fresh: false }
    const outcome = testCardOutcome(number)
    const payment = {
      id: id('pi'),
      idempotency_key: key,
      order_id: orderId,
      amount,
      currency: currency.toUpperCase(),
      status: outcome.ok ? ('succeeded' as const) : ('failed' as const),
      failure_message: outcome.ok ? null : outcome.message,
      card_brand: card?.brand ?? null,
      card_last4: card?.last4 ?? null,
      created_at: this.now(),
    }
    try {
      await this.repo.savePayment(payment)
      return { payment, fresh: true }
    } catch {
      // A concurrent request with the same key got there first: that one is the payment.
      const winner = await this.repo.paymentByKey(key)
      if (!winner) throw new Error(`no test payment for ${key}`)
      return { payment: winner, fresh: false }
    }
  }

  async charge(req: ChargeRequest): Promise<ChargeResult> {
    const card = await this.card(req.customerId, req.source)
    const { payment, fresh } = await this.pay(
      req.idempotencyKey,
      req.orderId,
      req.amount,
      req.currency,
      card.number,
      card,
    )
    if (fresh) this.emit([paymentEvent(req.orderId, payment)])
    return {
      providerPaymentId: payment.id,
      status: payment.status,
      ...(payment.failure_message ? { failureMessage: payment.failure_message } : {}),
    }
  }

  async subscribe(req: SubscribeRequest): Promise<SubscribeResult> {
    // A trial needs a card that can be charged later: a declined card is refused now, as Stripe does.
    const card = await this.card(req.customerId, req.source, true)
    const subscriptionId = subscriptionIdOf(req.idempotencyKey)
    const now = this.now()
    if (req.trialDays > 0) {
      if (testCardOutcome(card.number).ok === false && card.number === TEST_CARDS.declined) {
        return {
          providerSubscriptionId: subscriptionId,
          status: 'failed',
          currentPeriodEnd: now,
          failureMessage: messages.cardDeclined,
        }
      }
      const end = now + req.trialDays * DAY
      const { fresh } = await this.pay(req.idempotencyKey, req.orderId, 0, req.currency, TEST_CARDS.success)
      if (fresh) this.emit(trialEvents(req.orderId, subscriptionId, end, req.currency))
      return { providerSubscriptionId: subscriptionId, status: 'trialing', currentPeriodEnd: end }
    }
    const amount = discounted(req.amount, req.discount)
    const { payment, fresh } = await this.pay(req.idempotencyKey, req.orderId, amount, req.currency, card.number, card)
    const end = periodEnd(now, req.interval)
    if (fresh) this.emit(invoiceEvents(req.orderId, subscriptionId, payment, 'subscription_create', end))
    return {
      providerSubscriptionId: subscriptionId,
      status: payment.status === 'succeeded' ? 'active' : 'failed',
      currentPeriodEnd: end,
      providerPaymentId: payment.id,
      ...(payment.failure_message ? { failureMessage: payment.failure_message } : {}),
    }
  }

  /**
   * What Stripe does at the end of a period (or of a trial): charge the customer's card for the next
   * one. The renewals' sweep calls it for the subscriptions this gateway holds that renew.
   */
  async renew(req: RenewRequest) {
    const [card] = await this.repo.cards(req.customerId)
    const key = `renew-${req.subscriptionId}-${req.periodEnd}`
    const { payment, fresh } = await this.pay(
      key,
      req.orderId,
      req.amount,
      req.currency,
      card?.number ?? '',
      card ?? null,
    )
    if (fresh) {
      this.emit(
        invoiceEvents(
          req.orderId,
          req.subscriptionId,
          payment,
          'subscription_cycle',
          periodEnd(req.periodEnd, req.interval),
        ),
      )
    }
  }

  /**
   * A refund as Stripe makes one: of a payment that succeeded, for no more than is left on it, once per
   * key; `charge.refunded` follows with the total given back so far.
   */
  async refund(req: RefundRequest) {
    const done = await this.repo.refundByKey(req.idempotencyKey)
    if (done) return { providerRefundId: done.id }
    const payment = await this.repo.payment(req.paymentId)
    if (payment?.status !== 'succeeded') throw new RefundRefused(`No such charge: '${req.paymentId}'`)
    const before = await this.repo.refunded(payment.id)
    if (!(req.amount > 0) || before + req.amount > payment.amount) {
      // The same key made it meanwhile (a concurrent request): that refund is the answer.
      const made = await this.repo.refundByKey(req.idempotencyKey)
      if (made) return { providerRefundId: made.id }
      throw new RefundRefused(`Refund amount (${req.amount}) is greater than what is left on the charge.`)
    }
    const refund = {
      id: id('re'),
      idempotency_key: req.idempotencyKey,
      payment_id: payment.id,
      amount: req.amount,
      created_at: this.now(),
    }
    try {
      await this.repo.saveRefund(refund)
    } catch {
      const winner = await this.repo.refundByKey(req.idempotencyKey)
      if (winner) return { providerRefundId: winner.id }
      throw new Error(`no test refund for ${req.idempotencyKey}`)
    }
    const total = before + req.amount
    this.emit([refundEvent(payment.order_id, payment, total)])
    return { providerRefundId: refund.id }
  }

  async cancelSubscription(providerSubscriptionId: string) {
    this.emit([
      {
        type: 'customer.subscription.deleted',
        orderId: null,
        subscriptionId: providerSubscriptionId,
        status: 'canceled',
      },
    ])
  }

  async paymentCard(providerPaymentId: string): Promise<PaymentCard | null> {
    const row = await this.repo.payment(providerPaymentId)
    return row?.card_brand && row.card_last4 ? { brand: row.card_brand, last4: row.card_last4 } : null
  }

  async setCancelAtPeriodEnd(providerSubscriptionId: string, cancel: boolean) {
    this.emit([
      {
        type: 'customer.subscription.updated',
        orderId: null,
        subscriptionId: providerSubscriptionId,
        cancelAtPeriodEnd: cancel,
      },
    ])
  }

  async listCards(customerId: string): Promise<SavedCard[]> {
    const rows = await this.repo.cards(customerId)
    return rows.map((r) => ({ id: r.id, brand: r.brand, last4: r.last4, expMonth: r.exp_month, expYear: r.exp_year }))
  }

  async setupIntent() {
    return { clientSecret: `${id('seti')}_secret_${randomBytes(12).toString('base64url')}` }
  }

  async invoicePreview(req: {
    amount: number
    currency: string
    discount?: { percentOff?: number; amountOff?: number }
  }): Promise<InvoicePreview> {
    const total = discounted(req.amount, req.discount)
    return { subtotal: req.amount, discount: req.amount - total, tax: 0, total, currency: req.currency }
  }

  async portalUrl(_customerId: string, returnUrl: string) {
    // No provider portal offline: the profile's own orders page is where cards and renewals are managed.
    return returnUrl
  }

  async retrievePayment(providerPaymentId: string): Promise<PaymentStatus> {
    const row = await this.repo.payment(providerPaymentId)
    if (!row) return { status: 'failed', amount: 0 }
    return { status: row.status, amount: row.amount }
  }

  /** The payment made for an idempotency key, if any. */
  async paymentByKey(key: string) {
    return this.repo.paymentByKey(key)
  }

  /**
   * The payment of an order's checkout, found by the key every checkout is asked with (`order-{id}`),
   * told as the events its delivery would have carried. Payments here settle at once: never pending.
   */
  async lookupOrder(ref: OrderRef): Promise<OrderLookup> {
    const key = `order-${ref.orderId}`
    const payment = await this.paymentByKey(key)
    if (!payment) return { state: 'none' }
    const stamp = (events: EventDraft[]): GatewayEvent[] =>
      events.map((e, i) => ({ ...e, id: `reconcile-${payment.id}-${i}`, created: this.now() + i }))
    if (!ref.subscription) {
      return { state: 'settled', paymentId: payment.id, events: stamp([paymentEvent(ref.orderId, payment)]) }
    }
    const subscriptionId = subscriptionIdOf(key)
    // A trial's checkout is recorded as a payment of nothing: the card is charged at the trial's end.
    const trial = payment.status === 'succeeded' && payment.amount === 0
    return {
      state: 'settled',
      paymentId: payment.id,
      subscriptionId,
      events: stamp(
        trial
          ? trialEvents(ref.orderId, subscriptionId, ref.periodEnd, payment.currency)
          : invoiceEvents(ref.orderId, subscriptionId, payment, 'subscription_create', ref.periodEnd),
      ),
    }
  }

  async cancelPending() {
    // Nothing here waits for 3-D Secure.
    return false
  }

  parseWebhook(): GatewayEvent {
    // The test gateway delivers its events in process; nothing may post them from outside.
    throw new WebhookSignatureError('The test gateway takes no webhooks.')
  }
}
