import { messages } from '@fieldhouse/contract'
import Stripe from 'stripe'
import {
  CardError,
  type ChargeRequest,
  type ChargeResult,
  type Discount,
  type GatewayEvent,
  type InvoicePreview,
  type OrderLookup,
  type OrderRef,
  type PaymentCard,
  type PaymentGateway,
  type PaymentSource,
  type PaymentStatus,
  type PlanRequest,
  type RefundRequest,
  type SavedCard,
  type SubscribeRequest,
  type SubscribeResult,
  WebhookSignatureError,
} from './gateway.js'
import { gatewayEventOf, idOf, paymentStatusOf, periodEndOf } from './stripe.events.js'
import { cancelPending, lookupOrder } from './stripe.lookup.js'
import { StripePrices, stripeRecurring } from './stripe.prices.js'
import { cardOfPayment, refundAtStripe } from './stripe.refunds.js'

/** How the gateway reaches Stripe: its keys, and (for tests) where the REST API answers. */
export interface StripeGatewayOptions {
  /** `sk_…` (or a restricted `rk_…`) key. */
  secretKey: string
  /** `whsec_…`: the signing secret of our webhook endpoint. Empty refuses every webhook. */
  webhookSecret: string
  /** `pk_…`, handed to the browser for Stripe Elements. */
  publishableKey?: string | null | undefined
  /** API host, port and protocol; Stripe's own when left out (tests point them at a loopback stand-in). */
  host?: string | undefined
  port?: number | undefined
  protocol?: 'http' | 'https' | undefined
  /** The same as host/port/protocol in one URL (`STRIPE_API_BASE`); host/port/protocol win where both are set. */
  apiBase?: string | undefined
  /** Per-request timeout, ms. */
  timeoutMs?: number | undefined
}

/** Signatures older (or newer) than this are refused: a captured webhook cannot be replayed later. */
export const WEBHOOK_TOLERANCE_SECONDS = 300

/**
 * The `PaymentGateway` for real card payments (design §2): Stripe through its official SDK.
 *
 * Card numbers never reach us: the browser's Stripe Elements makes a PaymentMethod, and we charge it
 * with a confirmed PaymentIntent, or start a Subscription on it with the price inline. Every write that
 * a retry could repeat carries an idempotency key derived from the caller's, so a retried checkout
 * makes no second charge. Outcomes that Stripe knows at once are returned; the webhooks that follow are
 * verified on the raw body by `parseWebhook` and turned into `GatewayEvent`s.
 */
export class StripeGateway implements PaymentGateway {
  readonly name = 'stripe' as const
  readonly publishableKey: string | null
  private readonly stripe: Stripe
  private readonly webhookSecret: string
  private readonly prices: StripePrices

  constructor(opts: StripeGatewayOptions) {
    const base = opts.apiBase ? new URL(opts.apiBase) : null
    const protocol = opts.protocol ?? (base ? (base.protocol === 'http:' ? 'http' : 'https') : undefined)
    const host = opts.host ?? base?.hostname
    const port = opts.port ?? (base ? Number(base.port || (protocol === 'http' ? 80 : 443)) : undefined)
    this.stripe = new Stripe(opts.secretKey, {
      // The SDK pins the API version its types describe; we send that one.
      maxNetworkRetries: 2,
      timeout: opts.timeoutMs ?? 20_000,
      appInfo: { name: 'Fieldhouse' },
      ...(host ? { host } : {}),
      ...(port ? { port } : {}),
      ...(protocol ? { protocol } : {}),
    })
    this.prices = new StripePrices(this.stripe)
    this.webhookSecret = opts.webhookSecret
    this.publishableKey = opts.publishableKey ?? null
  }

  async createCustomer(user: { id: number; email: string; name: string; channelId: number }) {
    const customer = await this.stripe.customers.create(
      {
        email: user.email,
        name: user.name,
        metadata: { user_id: String(user.id), channel_id: String(user.channelId) },
      },
      { idempotencyKey: `customer-${user.channelId}-${user.id}` },
    )
    return customer.id
  }

  private paymentMethodOf(source: PaymentSource) {
    // Card numbers never reach a server with Stripe: Elements turns them into a PaymentMethod.
    if (source.kind === 'test-card') throw new CardError('Card details go through the secure card form.')
    return source.paymentMethodId
  }

  /**
   * One confirmed PaymentIntent, on the card only (no redirecting methods), while the viewer is here.
   * A decline is an answer, not an error: `failed` with Stripe's message for the viewer.
   */
  async charge(req: ChargeRequest): Promise<ChargeResult> {
    const paymentMethod = this.paymentMethodOf(req.source)
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: req.amount,
          currency: req.currency.toLowerCase(),
          customer: req.customerId,
          payment_method: paymentMethod,
          // Cards only, so nothing can redirect (`payment_method_types` before API version 2026-09-30).
          allowed_payment_method_types: ['card'],
          confirm: true,
          off_session: false,
          description: req.description,
          metadata: { order_id: String(req.orderId) },
          ...(req.source.kind === 'new' && req.source.save ? { setup_future_usage: 'off_session' as const } : {}),
        },
        { idempotencyKey: req.idempotencyKey },
      )
      const status: ChargeResult['status'] =
        intent.status === 'succeeded'
          ? 'succeeded'
          : intent.status === 'requires_action'
            ? 'requires_action'
            : intent.status === 'processing' || intent.status === 'requires_capture'
              ? 'processing'
              : 'failed'
      return {
        providerPaymentId: intent.id,
        status,
        ...(status === 'requires_action' && intent.client_secret ? { clientSecret: intent.client_secret } : {}),
        ...(status === 'failed' && intent.last_payment_error?.message
          ? { failureMessage: intent.last_payment_error.message }
          : {}),
      }
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        return {
          providerPaymentId: error.payment_intent?.id ?? `declined_${req.idempotencyKey}`,
          status: 'failed',
          failureMessage: error.message,
        }
      }
      throw unusableCard(error)
    }
  }

  /**
   * The card a subscription is charged with, attached to its customer: Stripe takes as a default only
   * a PaymentMethod of that customer, and every renewal charges it again. One already the customer's is
   * used as it is; an unattached one (just made by Elements) is attached; another customer's is refused.
   */
  private async attachedCard(paymentMethodId: string, customerId: string, key: string) {
    const pm = await this.stripe.paymentMethods.retrieve(paymentMethodId).catch((error) => {
      throw unusableCard(error)
    })
    const owner = idOf(pm.customer)
    if (owner === customerId) return { id: pm.id, attachedNow: false }
    if (owner) throw new CardError(messages.paymentCardRequired)
    // Attaching may hand back another id (Stripe's test PaymentMethods are copied): use that one.
    const attached = await this.stripe.paymentMethods.attach(
      pm.id,
      { customer: customerId },
      { idempotencyKey: `${key}-attach` },
    )
    return { id: attached.id, attachedNow: true }
  }

  /**
   * A Subscription with its price inline. Its card is always attached to the customer (whether or not
   * the viewer asked to save it: renewals charge it) and becomes their default. `allow_incomplete` lets Stripe try the first invoice now and tell us the
   * outcome in the answer: `active` (paid), `trialing` (nothing to pay yet), `incomplete` with the
   * invoice's client secret (3-D Secure to finish in the browser), or `failed` (declined; the unpaid
   * subscription expires at Stripe by itself).
   */
  async subscribe(req: SubscribeRequest): Promise<SubscribeResult> {
    const currency = req.currency.toLowerCase()
    const key = req.idempotencyKey
    try {
      const card = await this.attachedCard(this.paymentMethodOf(req.source), req.customerId, key)
      const paymentMethod = card.id
      if (card.attachedNow) {
        await this.stripe.customers.update(
          req.customerId,
          { invoice_settings: { default_payment_method: paymentMethod } },
          { idempotencyKey: `${key}-default` },
        )
      }
      // The pass's own price when the console made one (decision 0035); else priced inline on a product of the order.
      const item = req.priceId
        ? { price: req.priceId }
        : {
            price_data: {
              currency,
              product: (
                await this.stripe.products.create(
                  { name: req.description, metadata: { order_id: String(req.orderId) } },
                  { idempotencyKey: `${key}-product` },
                )
              ).id,
              unit_amount: req.amount,
              recurring: stripeRecurring(req.interval),
            },
          }
      const coupon = req.discount ? await this.prices.coupon(req.discount, currency) : null
      const sub = await this.stripe.subscriptions.create(
        {
          customer: req.customerId,
          default_payment_method: paymentMethod,
          items: [item],
          ...(req.trialDays > 0 ? { trial_period_days: req.trialDays } : {}),
          ...(coupon ? { discounts: [{ coupon }] } : {}),
          payment_behavior: 'allow_incomplete',
          payment_settings: { payment_method_types: ['card'] },
          metadata: { order_id: String(req.orderId) },
          expand: ['latest_invoice.payments'],
        },
        { idempotencyKey: key },
      )
      const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null
      const paymentId = idOf(invoice?.payments?.data?.find((p) => p.payment.payment_intent)?.payment.payment_intent)
      const result = {
        providerSubscriptionId: sub.id,
        currentPeriodEnd: periodEndOf(sub) ?? Date.now(),
        ...(paymentId ? { providerPaymentId: paymentId } : {}),
      }
      if (sub.status === 'trialing') return { ...result, status: 'trialing' }
      if (sub.status === 'active') return { ...result, status: 'active' }
      if (sub.status !== 'incomplete' || !paymentId) return { ...result, status: 'failed' }
      const intent = await this.stripe.paymentIntents.retrieve(paymentId)
      if (intent.status === 'requires_action' && intent.client_secret) {
        return { ...result, status: 'incomplete', clientSecret: intent.client_secret }
      }
      if (intent.status === 'processing' || intent.status === 'succeeded') return { ...result, status: 'incomplete' }
      return {
        ...result,
        status: 'failed',
        ...(intent.last_payment_error?.message ? { failureMessage: intent.last_payment_error.message } : {}),
      }
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        return {
          providerSubscriptionId: `declined_${key}`,
          status: 'failed',
          currentPeriodEnd: Date.now(),
          failureMessage: error.message,
        }
      }
      throw unusableCard(error)
    }
  }

  refund(req: RefundRequest) {
    return refundAtStripe(this.stripe, req)
  }

  async cancelSubscription(providerSubscriptionId: string) {
    await this.stripe.subscriptions.cancel(providerSubscriptionId)
  }

  paymentCard(providerPaymentId: string): Promise<PaymentCard | null> {
    return cardOfPayment(this.stripe, providerPaymentId)
  }

  async setCancelAtPeriodEnd(providerSubscriptionId: string, cancel: boolean) {
    await this.stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: cancel })
  }

  async listCards(customerId: string): Promise<SavedCard[]> {
    const list = await this.stripe.paymentMethods.list({ customer: customerId, type: 'card', limit: 100 })
    return list.data.flatMap((pm) =>
      pm.card
        ? [
            {
              id: pm.id,
              brand: pm.card.brand,
              last4: pm.card.last4,
              expMonth: pm.card.exp_month,
              expYear: pm.card.exp_year,
            },
          ]
        : [],
    )
  }

  async setupIntent(customerId: string) {
    const intent = await this.stripe.setupIntents.create({
      customer: customerId,
      usage: 'off_session',
      allowed_payment_method_types: ['card'],
    })
    if (!intent.client_secret) throw new Error(`SetupIntent ${intent.id} came without a client secret`)
    return { clientSecret: intent.client_secret }
  }

  /**
   * Stripe's preview of a new subscription's first invoice, with the discount as a coupon (the same
   * arithmetic done here when there is no customer to preview for).
   */
  invoicePreview(req: {
    customerId: string | null
    amount: number
    currency: string
    discount?: Discount
  }): Promise<InvoicePreview> {
    return this.prices.invoicePreview(req)
  }

  /** The pass's product and price at Stripe (decision 0035). */
  syncPlan(req: PlanRequest) {
    return this.prices.syncPlan(req)
  }

  movePlan(subscriptionId: string, priceId: string, idempotencyKey: string) {
    return this.prices.movePlan(subscriptionId, priceId, idempotencyKey)
  }

  async portalUrl(customerId: string, returnUrl: string) {
    const session = await this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl })
    return session.url
  }

  /** A PaymentIntent as it stands: waiting on the viewer's 3-D Secure (with its client secret), on the network, or done. */
  async retrievePayment(providerPaymentId: string): Promise<PaymentStatus> {
    return paymentStatusOf(await this.stripe.paymentIntents.retrieve(providerPaymentId))
  }

  /**
   * Reconciliation. A PaymentIntent or Subscription we never heard back about is found by its id when
   * we wrote it, else among the customer's objects made since the order, by the `order_id` metadata
   * every one of them carries (listing is consistent at once, unlike Stripe's search). Its state is
   * told as the events Stripe would have sent; their ids name the object and its state, so the same
   * state applied twice is one ledger row.
   */
  lookupOrder(ref: OrderRef): Promise<OrderLookup> {
    return lookupOrder(this.stripe, ref)
  }

  /** A payment still waiting for 3-D Secure cancelled at Stripe (false when it moved on meanwhile). */
  cancelPending(ref: { paymentId?: string | undefined; subscriptionId?: string | undefined }) {
    return cancelPending(this.stripe, ref)
  }

  /**
   * Verifies `Stripe-Signature` on the raw body (HMAC with the endpoint's secret, at most
   * `WEBHOOK_TOLERANCE_SECONDS` old) and maps the events the payments service applies. Events of other
   * types are genuine but of no interest: `null`. `customer.subscription.created` is reported as
   * `customer.subscription.updated`: the service applies both the same way.
   */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): GatewayEvent | null {
    let event: Stripe.Event
    try {
      if (!this.webhookSecret) throw new Error('no webhook signing secret is configured')
      if (!signatureHeader) throw new Error('no Stripe-Signature header')
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signatureHeader,
        this.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
      )
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : 'invalid signature')
    }
    return gatewayEventOf(event)
  }
}

/**
 * A PaymentMethod Stripe will not use for this customer (unknown, or another customer's) is the
 * viewer's mistake, answered as a refused card; any other error is ours and stays one.
 */
const unusableCard = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError &&
  (error.param === 'payment_method' || (error.code === 'resource_missing' && /payment ?method/i.test(error.message)))
    ? new CardError(messages.paymentCardRequired)
    : error
