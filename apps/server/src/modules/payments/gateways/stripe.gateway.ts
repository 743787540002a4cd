import Stripe from 'stripe'
import {
  CardError,
  type ChargeRequest,
  type ChargeResult,
  type GatewayEvent,
  type InvoicePreview,
  type PaymentGateway,
  type PaymentSource,
  type SavedCard,
  type SubscribeRequest,
  type SubscribeResult,
  WebhookSignatureError,
} from './gateway.js'

const ms = (s: number | null | undefined) => (s ? s * 1000 : undefined)

/** A subscription's period end: on the subscription in older API versions, on its items in newer ones. */
const periodEndOf = (sub: Stripe.Subscription) =>
  ms(
    (sub as unknown as { current_period_end?: number }).current_period_end ??
      sub.items?.data?.[0]?.current_period_end ??
      sub.trial_end,
  ) ?? Date.now()

const orderIdOf = (metadata: Stripe.Metadata | null | undefined) => {
  const v = metadata?.order_id
  return v && /^\d+$/.test(v) ? Number(v) : null
}

/**
 * Stripe, through the official SDK: customers, PaymentIntents (a new card from Elements or a saved
 * one), SetupIntents, Subscriptions with trials and `cancel_at_period_end`, the upcoming-invoice
 * preview, billing-portal sessions, and webhooks verified on the raw body. `host`/`port`/`protocol`
 * point the SDK elsewhere (tests run it against a loopback stand-in).
 */
export class StripeGateway implements PaymentGateway {
  readonly name = 'stripe' as const
  readonly publishableKey: string | null
  private readonly stripe: Stripe
  private readonly webhookSecret: string

  constructor(opts: {
    secretKey: string
    webhookSecret: string
    publishableKey?: string | undefined
    apiBase?: string | undefined
  }) {
    const base = opts.apiBase ? new URL(opts.apiBase) : null
    this.stripe = new Stripe(opts.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(base
        ? {
            host: base.hostname,
            port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
            protocol: base.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
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

  async charge(req: ChargeRequest): Promise<ChargeResult> {
    const paymentMethod = this.paymentMethodOf(req.source)
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: req.amount,
          currency: req.currency.toLowerCase(),
          customer: req.customerId,
          payment_method: paymentMethod,
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          confirm: true,
          description: req.description,
          metadata: { order_id: String(req.orderId) },
          ...(req.source.kind === 'new' && req.source.save ? { setup_future_usage: 'off_session' as const } : {}),
        },
        { idempotencyKey: req.idempotencyKey },
      )
      return {
        providerPaymentId: intent.id,
        status:
          intent.status === 'succeeded'
            ? 'succeeded'
            : intent.status === 'requires_action'
              ? 'requires_action'
              : intent.status === 'processing'
                ? 'processing'
                : 'failed',
        ...(intent.status === 'requires_action' && intent.client_secret ? { clientSecret: intent.client_secret } : {}),
        ...(intent.last_payment_error?.message ? { failureMessage: intent.last_payment_error.message } : {}),
      }
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        const intent = (error.raw as { payment_intent?: { id?: string } }).payment_intent
        return {
          providerPaymentId: intent?.id ?? `declined_${req.idempotencyKey}`,
          status: 'failed',
          failureMessage: error.message,
        }
      }
      throw error
    }
  }

  async subscribe(req: SubscribeRequest): Promise<SubscribeResult> {
    const paymentMethod = this.paymentMethodOf(req.source)
    try {
      if (req.source.kind === 'new') {
        await this.stripe.paymentMethods.attach(paymentMethod, { customer: req.customerId })
      }
      await this.stripe.customers.update(req.customerId, {
        invoice_settings: { default_payment_method: paymentMethod },
      })
      const product = await this.stripe.products.create(
        { name: req.description },
        { idempotencyKey: `${req.idempotencyKey}-product` },
      )
      const coupon = req.discount
        ? await this.stripe.coupons.create(
            {
              duration: 'once',
              ...(req.discount.percentOff !== undefined
                ? { percent_off: req.discount.percentOff }
                : { amount_off: req.discount.amountOff ?? 0, currency: req.currency.toLowerCase() }),
            },
            { idempotencyKey: `${req.idempotencyKey}-coupon` },
          )
        : null
      const sub = await this.stripe.subscriptions.create(
        {
          customer: req.customerId,
          default_payment_method: paymentMethod,
          items: [
            {
              price_data: {
                currency: req.currency.toLowerCase(),
                product: product.id,
                unit_amount: req.amount,
                recurring: { interval: req.interval },
              },
            },
          ],
          ...(req.trialDays > 0 ? { trial_period_days: req.trialDays } : {}),
          ...(coupon ? { discounts: [{ coupon: coupon.id }] } : {}),
          payment_behavior: 'error_if_incomplete',
          metadata: { order_id: String(req.orderId) },
          expand: ['latest_invoice.payments'],
        },
        { idempotencyKey: req.idempotencyKey },
      )
      const status: SubscribeResult['status'] =
        sub.status === 'trialing'
          ? 'trialing'
          : sub.status === 'active'
            ? 'active'
            : sub.status === 'incomplete'
              ? 'incomplete'
              : 'failed'
      return { providerSubscriptionId: sub.id, status, currentPeriodEnd: periodEndOf(sub) }
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        return {
          providerSubscriptionId: `declined_${req.idempotencyKey}`,
          status: 'failed',
          currentPeriodEnd: Date.now(),
          failureMessage: error.message,
        }
      }
      throw error
    }
  }

  async setCancelAtPeriodEnd(providerSubscriptionId: string, cancel: boolean) {
    await this.stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: cancel })
  }

  async listCards(customerId: string): Promise<SavedCard[]> {
    const list = await this.stripe.paymentMethods.list({ customer: customerId, type: 'card' })
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
    const intent = await this.stripe.setupIntents.create({ customer: customerId, usage: 'off_session' })
    return { clientSecret: intent.client_secret ?? '' }
  }

  async invoicePreview(req: {
    customerId: string | null
    amount: number
    currency: string
    discount?: { percentOff?: number; amountOff?: number }
  }): Promise<InvoicePreview> {
    const off = req.discount
      ? req.discount.percentOff !== undefined
        ? Math.round((req.amount * req.discount.percentOff) / 100)
        : Math.min(req.amount, req.discount.amountOff ?? 0)
      : 0
    // Without a customer Stripe has nothing to preview: the same arithmetic, done here.
    if (!req.customerId) {
      return { subtotal: req.amount, discount: off, tax: 0, total: req.amount - off, currency: req.currency }
    }
    const invoice = await this.stripe.invoices.createPreview({
      customer: req.customerId,
      invoice_items: [{ amount: req.amount, currency: req.currency.toLowerCase(), description: 'Pass' }],
      ...(off > 0 ? { discounts: [] } : {}),
    })
    const discount = off || (invoice.total_discount_amounts ?? []).reduce((sum, d) => sum + d.amount, 0)
    return {
      subtotal: invoice.subtotal,
      discount,
      tax: 0,
      total: Math.max(0, invoice.subtotal - discount),
      currency: req.currency,
    }
  }

  async portalUrl(customerId: string, returnUrl: string) {
    const session = await this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl })
    return session.url
  }

  async retrievePayment(providerPaymentId: string) {
    const intent = await this.stripe.paymentIntents.retrieve(providerPaymentId)
    const status =
      intent.status === 'succeeded' ? 'succeeded' : intent.status === 'processing' ? 'processing' : 'failed'
    return { status, amount: intent.amount_received || intent.amount } as const
  }

  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): GatewayEvent | null {
    let event: Stripe.Event
    try {
      if (!signatureHeader) throw new Error('no signature')
      event = this.stripe.webhooks.constructEvent(rawBody, signatureHeader, this.webhookSecret, 300)
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
          amount: pi.amount_received || pi.amount,
          ...(pi.last_payment_error?.message ? { failureMessage: pi.last_payment_error.message } : {}),
        }
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const inv = event.data.object as Stripe.Invoice & {
          subscription?: string | null
          subscription_details?: { metadata?: Stripe.Metadata | null } | null
        }
        const details = inv.parent?.subscription_details ?? null
        const subscription =
          (typeof details?.subscription === 'string' ? details.subscription : details?.subscription?.id) ??
          (typeof inv.subscription === 'string' ? inv.subscription : undefined)
        return {
          id: event.id,
          type: event.type,
          created,
          orderId: orderIdOf(details?.metadata ?? inv.subscription_details?.metadata ?? inv.metadata),
          ...(subscription ? { subscriptionId: subscription } : {}),
          paymentId: inv.id ?? event.id,
          amount: inv.amount_paid,
          ...(inv.billing_reason ? { billingReason: inv.billing_reason } : {}),
        }
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const sub = event.data.object
        return {
          id: event.id,
          type:
            event.type === 'customer.subscription.deleted'
              ? 'customer.subscription.deleted'
              : 'customer.subscription.updated',
          created,
          orderId: orderIdOf(sub.metadata),
          subscriptionId: sub.id,
          status: sub.status as NonNullable<GatewayEvent['status']>,
          currentPeriodEnd: periodEndOf(sub),
          cancelAtPeriodEnd: sub.cancel_at_period_end,
        }
      }
      default:
        return null
    }
  }

  /** Test seam: the SDK's own signing of a webhook payload. */
  signForTest(payload: string) {
    return this.stripe.webhooks.generateTestHeaderString({ payload, secret: this.webhookSecret })
  }
}
