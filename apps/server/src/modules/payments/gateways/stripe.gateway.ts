import { constants, messages } from '@fieldhouse/contract'
import Stripe from 'stripe'
import {
  CardError,
  type ChargeRequest,
  type ChargeResult,
  type GatewayEvent,
  type InvoicePreview,
  type OrderLookup,
  type OrderRef,
  type PaymentGateway,
  type PaymentSource,
  type PaymentStatus,
  type SavedCard,
  type SubscribeRequest,
  type SubscribeResult,
  WebhookSignatureError,
} from './gateway.js'

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

const ms = (s: number | null | undefined) => (s ? s * 1000 : undefined)
const sum = (list: { amount: number }[] | null | undefined) => (list ?? []).reduce((n, x) => n + x.amount, 0)
const idOf = (x: string | { id?: string } | null | undefined) => (typeof x === 'string' ? x : x?.id)

/**
 * Spec §9's cycles as Stripe prices them: monthly is 30 days (not a calendar month, so a renewal lands
 * on the same day the test gateway's does), annual 12 months.
 */
export const stripeRecurring = (interval: 'month' | 'year') =>
  interval === 'month'
    ? ({ interval: 'day', interval_count: constants.subscriptionCycles.monthlyDays } as const)
    : ({ interval: 'month', interval_count: constants.subscriptionCycles.annualMonths } as const)

/** A subscription's period end, epoch ms: on the subscription in older API versions, on its items in newer ones. */
const periodEndOf = (sub: Stripe.Subscription) =>
  ms(
    (sub as { current_period_end?: number }).current_period_end ??
      sub.items?.data?.[0]?.current_period_end ??
      sub.trial_end,
  )

const orderIdOf = (...candidates: (Stripe.Metadata | null | undefined)[]) => {
  for (const metadata of candidates) {
    const v = metadata?.order_id
    if (v && /^\d+$/.test(v)) return Number(v)
  }
  return null
}

const SUBSCRIPTION_STATUSES = new Set<string>([
  'trialing',
  'active',
  'past_due',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'unpaid',
])

/** Our discount as a Stripe coupon id: one coupon per distinct discount, reused by every checkout that needs it. */
const couponIdOf = (discount: { percentOff?: number; amountOff?: number }, currency: string) =>
  discount.percentOff !== undefined
    ? `fieldhouse_${String(discount.percentOff).replace('.', 'p')}pct_once`
    : `fieldhouse_${discount.amountOff ?? 0}${currency}_once`

/** A preview prices a subscription item, and Stripe's inline prices need a product: this one, made once. */
const PREVIEW_PRODUCT = 'fieldhouse_pass_preview'

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
  private previewProduct: Promise<string> | null = null

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
      const product = await this.stripe.products.create(
        { name: req.description, metadata: { order_id: String(req.orderId) } },
        { idempotencyKey: `${key}-product` },
      )
      const coupon = req.discount ? await this.coupon(req.discount, currency) : null
      const sub = await this.stripe.subscriptions.create(
        {
          customer: req.customerId,
          default_payment_method: paymentMethod,
          items: [
            {
              price_data: {
                currency,
                product: product.id,
                unit_amount: req.amount,
                recurring: stripeRecurring(req.interval),
              },
            },
          ],
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

  /** The coupon for a discount on the first invoice: created the first time it is needed, reused after. */
  private async coupon(discount: { percentOff?: number; amountOff?: number }, currency: string) {
    const id = couponIdOf(discount, currency)
    try {
      await this.stripe.coupons.create({
        id,
        duration: 'once',
        ...(discount.percentOff !== undefined
          ? { percent_off: discount.percentOff }
          : { amount_off: discount.amountOff ?? 0, currency }),
      })
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_already_exists')) {
        throw error
      }
    }
    return id
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
   * Stripe's preview of a new subscription's first invoice (`invoices.createPreview`), priced inline,
   * with the discount as a coupon. Without a customer Stripe has nothing to preview, so the same
   * arithmetic is done here: subtotal, the discount (percent rounded to the minor unit, or the amount
   * off capped at the subtotal), no tax.
   */
  async invoicePreview(req: {
    customerId: string | null
    amount: number
    currency: string
    discount?: { percentOff?: number; amountOff?: number }
  }): Promise<InvoicePreview> {
    const currency = req.currency.toLowerCase()
    if (!req.customerId) {
      const off = !req.discount
        ? 0
        : req.discount.percentOff !== undefined
          ? Math.round((req.amount * req.discount.percentOff) / 100)
          : Math.min(req.amount, req.discount.amountOff ?? 0)
      return { subtotal: req.amount, discount: off, tax: 0, total: req.amount - off, currency: req.currency }
    }
    const coupon = req.discount ? await this.coupon(req.discount, currency) : null
    const invoice = await this.stripe.invoices.createPreview({
      customer: req.customerId,
      currency,
      subscription_details: {
        items: [
          {
            price_data: {
              currency,
              product: await this.previewProductId(),
              unit_amount: req.amount,
              recurring: stripeRecurring('month'),
            },
          },
        ],
      },
      ...(coupon ? { discounts: [{ coupon }] } : {}),
    })
    return {
      subtotal: invoice.subtotal,
      discount: sum(invoice.total_discount_amounts),
      tax: sum(invoice.total_taxes),
      total: invoice.total,
      currency: req.currency,
    }
  }

  private previewProductId() {
    this.previewProduct ??= this.stripe.products
      .create({ id: PREVIEW_PRODUCT, name: 'Fieldhouse pass (preview)' })
      .then(
        (p) => p.id,
        (error) => {
          if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_already_exists') {
            return PREVIEW_PRODUCT
          }
          this.previewProduct = null
          throw error
        },
      )
    return this.previewProduct
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
  async lookupOrder(ref: OrderRef): Promise<OrderLookup> {
    if (!ref.paymentId && !ref.subscriptionId && !ref.customerId) return { state: 'none' }
    const since = Math.floor(ref.createdAt / 1000) - 300
    const mine = (o: { metadata: Stripe.Metadata | null }) => o.metadata?.order_id === String(ref.orderId)
    if (!ref.subscription) {
      let intent: Stripe.PaymentIntent | undefined
      if (ref.paymentId) intent = await this.stripe.paymentIntents.retrieve(ref.paymentId)
      else {
        const list = this.stripe.paymentIntents.list({
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
      const list = this.stripe.subscriptions.list({
        customer: ref.customerId ?? '',
        status: 'all',
        created: { gte: since },
        limit: 100,
      })
      for await (const sub of list) if (mine(sub)) subscriptionId = sub.id
    }
    if (!subscriptionId) return { state: 'none' }
    const sub = await this.stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice.payments'] })
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
      const payment = paymentId ? paymentStatusOf(await this.stripe.paymentIntents.retrieve(paymentId)) : null
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
  async cancelPending(ref: { paymentId?: string | undefined; subscriptionId?: string | undefined }) {
    try {
      if (ref.subscriptionId) {
        return (await this.stripe.subscriptions.cancel(ref.subscriptionId)).status === 'canceled'
      }
      if (ref.paymentId) return (await this.stripe.paymentIntents.cancel(ref.paymentId)).status === 'canceled'
      return false
    } catch (error) {
      // Stripe refuses to cancel what has succeeded meanwhile: its outcome settles the order instead.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return false
      throw error
    }
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
          ...(SUBSCRIPTION_STATUSES.has(sub.status)
            ? { status: sub.status as NonNullable<GatewayEvent['status']> }
            : {}),
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
}

/** Stripe's lower-case currency as our orders keep it. */
const currencyOf = (currency: string | null | undefined) =>
  typeof currency === 'string' && currency ? { currency: currency.toUpperCase() } : {}

const paymentStatusOf = (intent: Stripe.PaymentIntent): PaymentStatus => {
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
 * A PaymentMethod Stripe will not use for this customer (unknown, or another customer's) is the
 * viewer's mistake, answered as a refused card; any other error is ours and stays one.
 */
const unusableCard = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError &&
  (error.param === 'payment_method' || (error.code === 'resource_missing' && /payment ?method/i.test(error.message)))
    ? new CardError(messages.paymentCardRequired)
    : error
