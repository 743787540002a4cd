/**
 * One interface for whoever takes the money (design §2): the official Stripe SDK in production, an
 * offline test gateway with Stripe's test-card behaviour for the embedded default. Amounts are integer
 * minor units. Nothing here writes our database: outcomes arrive as `GatewayEvent`s (Stripe's
 * webhooks, or the test gateway's own deliveries), which the payments service applies idempotently.
 */

export type GatewayName = 'test' | 'stripe'

/** How the viewer pays for this checkout. */
export type PaymentSource =
  /** A card saved earlier (a Stripe PaymentMethod id, or the test gateway's). */
  | { kind: 'saved'; paymentMethodId: string }
  /**
   * A PaymentMethod Stripe Elements created in the browser, or one the viewer names that must be the
   * customer's. `save` keeps it on the customer: always for a subscription, charged again at renewal.
   */
  | { kind: 'new'; paymentMethodId: string; save: boolean }
  /** A raw test card number: the test gateway only (Stripe never lets card numbers reach a server). */
  | { kind: 'test-card'; number: string; expMonth: number; expYear: number; cvc: string; save: boolean }

export interface ChargeRequest {
  customerId: string
  amount: number
  currency: string
  source: PaymentSource
  description: string
  /** Our order id travels as metadata, so every event names its order. */
  orderId: number
  /** The same key for the same checkout: the provider creates one charge however often we ask. */
  idempotencyKey: string
}

export interface ChargeResult {
  /** PaymentIntent id. */
  providerPaymentId: string
  /** `processing`: wait for the event; the others are known at once (the event still follows). */
  status: 'succeeded' | 'processing' | 'failed' | 'requires_action'
  failureMessage?: string
  /** For `requires_action` (3-D Secure): the browser finishes with Stripe.js. */
  clientSecret?: string
}

export interface SubscribeRequest {
  customerId: string
  /** Per period, minor units. */
  amount: number
  currency: string
  interval: 'month' | 'year'
  /** Free days before the first charge (0 = none). */
  trialDays: number
  source: PaymentSource
  description: string
  orderId: number
  /** Percent or amount off the first invoice. */
  discount?: Discount
  /** The pass's price at the provider (decision 0035), when the console made one. */
  priceId?: string
  idempotencyKey: string
}

/** A coupon as a gateway takes it: percent or amount off, once or for a number of months (decision 0035). */
export interface Discount {
  percentOff?: number
  amountOff?: number
  /** Renewals keep it for this many months after the first payment; absent: the first payment only. */
  months?: number
}

/** A pass priced at the provider (decision 0035): its product, and a price per amount and period. */
export interface PlanRequest {
  passId: number
  name: string
  amount: number
  currency: string
  /** A subscription's period; null: a one-time price. */
  interval: 'month' | 'year' | null
  productId: string | null
  /** The price in use; a new one is made when the amount, currency or period differ from it. */
  priceId: string | null
  idempotencyKey: string
}

export interface SubscribeResult {
  providerSubscriptionId: string
  status: 'trialing' | 'active' | 'incomplete' | 'failed'
  /** Epoch ms: when the trial or the first period ends. */
  currentPeriodEnd: number
  /** The first invoice's PaymentIntent, when one was charged now. */
  providerPaymentId?: string
  failureMessage?: string
  clientSecret?: string
}

/** A subscription's next period, charged by a gateway that renews subscriptions itself (`renew`). */
export interface RenewRequest {
  orderId: number
  subscriptionId: string
  customerId: string
  /** Per period, minor units. */
  amount: number
  currency: string
  interval: 'month' | 'year'
  /** Epoch ms the period being renewed ends (the next one runs from here). */
  periodEnd: number
}

/** Money given back on a payment (the console's refunds, decision 0036). */
export interface RefundRequest {
  /** The PaymentIntent refunded. */
  paymentId: string
  /** Minor units: part or all of what is left on the payment. */
  amount: number
  currency: string
  orderId: number
  reason: string
  /** The same key for the same console action: the provider refunds once however often we ask. */
  idempotencyKey: string
}

/** The brand and last four digits of the card a payment was made with: never more. */
export interface PaymentCard {
  brand: string
  last4: string
}

export interface SavedCard {
  id: string
  brand: string
  last4: string
  expMonth: number
  expYear: number
}

export interface InvoicePreview {
  subtotal: number
  discount: number
  tax: number
  total: number
  currency: string
}

/**
 * What happened at the provider, in Stripe's vocabulary (the test gateway speaks it too):
 * - `payment_intent.succeeded` / `payment_intent.payment_failed` settle one-time orders;
 * - `invoice.paid` / `invoice.payment_failed` start or renew a subscription's period;
 * - `customer.subscription.updated` / `customer.subscription.deleted` carry its status, its period
 *   end and `cancel_at_period_end`.
 */
export interface GatewayEvent {
  /** The provider's event id: each is applied once, however often it is delivered. */
  id: string
  type:
    | 'payment_intent.succeeded'
    | 'payment_intent.payment_failed'
    | 'invoice.paid'
    | 'invoice.payment_failed'
    | 'customer.subscription.updated'
    | 'customer.subscription.deleted'
    | 'charge.refunded'
  /** Epoch ms of the event at the provider (orders events that arrive out of order). */
  created: number
  orderId: number | null
  paymentId?: string
  subscriptionId?: string
  /** Minor units paid (invoices, payment intents). */
  amount?: number
  /** Upper-case ISO code of `amount`: an event moves money only in its order's currency. */
  currency?: string
  /** `subscription_create` for the first invoice, `subscription_cycle` for a renewal. */
  billingReason?: string
  /** Subscription status for subscription events. */
  status?: 'trialing' | 'active' | 'past_due' | 'canceled' | 'incomplete' | 'incomplete_expired' | 'unpaid'
  currentPeriodEnd?: number
  cancelAtPeriodEnd?: boolean
  failureMessage?: string
  /** `charge.refunded`: the whole charge went back (a partial refund leaves the order as it is). */
  fullyRefunded?: boolean
}

/** One of our orders as reconciliation asks the provider about it. */
export interface OrderRef {
  orderId: number
  subscription: boolean
  /** Our customer at the provider (made before any charge), if there is one. */
  customerId: string | null
  /** The provider's ids, when they were written before the process stopped. */
  paymentId: string | null
  subscriptionId: string | null
  /** Epoch ms the order was placed: the provider's object is no older. */
  createdAt: number
  /** Epoch ms the first period (or the trial) ends, for a gateway that does not keep it. */
  periodEnd: number
}

/** The provider's word on an order that never heard back. */
export type OrderLookup =
  /** The provider holds nothing for this order: no charge was made. */
  | { state: 'none' }
  /** Still moving at the provider (a bank's answer pending). */
  | { state: 'processing'; paymentId?: string; subscriptionId?: string }
  /** Waiting for the viewer's 3-D Secure in the browser. */
  | { state: 'requires_action'; paymentId?: string; subscriptionId?: string }
  /** Settled: the events that say how, applied like the provider's own. */
  | { state: 'settled'; paymentId?: string; subscriptionId?: string; events: GatewayEvent[] }

/** A payment as the provider holds it now. */
export interface PaymentStatus {
  status: 'succeeded' | 'processing' | 'requires_action' | 'failed'
  amount: number
  /** For `requires_action`: what the browser's Stripe.js finishes the 3-D Secure with. */
  clientSecret?: string
}

export interface PaymentGateway {
  readonly name: GatewayName
  /** Stripe's publishable key for Elements, when there is one. */
  readonly publishableKey: string | null
  /** The provider's customer for a user of a channel, created on first use. */
  createCustomer(user: { id: number; email: string; name: string; channelId: number }): Promise<string>
  charge(req: ChargeRequest): Promise<ChargeResult>
  subscribe(req: SubscribeRequest): Promise<SubscribeResult>
  /**
   * Gives money back on a payment; throws `RefundRefused` with the provider's reason when it will
   * not (more than is left, a payment that never succeeded). The `charge.refunded` event follows.
   */
  refund(req: RefundRequest): Promise<{ providerRefundId: string }>
  /** Ends a subscription now: it charges nothing more (`customer.subscription.deleted` follows). */
  cancelSubscription(providerSubscriptionId: string): Promise<void>
  /** The card a payment was made with, when the provider knows it. */
  paymentCard(providerPaymentId: string): Promise<PaymentCard | null>
  /** Auto-renewal off (or back on): the subscription ends with its current period. */
  setCancelAtPeriodEnd(providerSubscriptionId: string, cancel: boolean): Promise<void>
  listCards(customerId: string): Promise<SavedCard[]>
  /** A SetupIntent's client secret, for saving a card without paying. */
  setupIntent(customerId: string): Promise<{ clientSecret: string }>
  invoicePreview(req: {
    customerId: string | null
    amount: number
    currency: string
    discount?: { percentOff?: number; amountOff?: number }
  }): Promise<InvoicePreview>
  /** Where the viewer manages cards and invoices at the provider. */
  portalUrl(customerId: string, returnUrl: string): Promise<string>
  /** The provider's word on a payment (and, waiting for 3-D Secure, the secret the browser needs). */
  retrievePayment(providerPaymentId: string): Promise<PaymentStatus>
  /**
   * Reconciliation: what the provider holds for an order whose outcome never reached us (the process
   * died between the provider's answer and our write, or an event was lost). Found by the provider ids
   * when we wrote them, else by the order id the provider's objects carry.
   */
  lookupOrder(ref: OrderRef): Promise<OrderLookup>
  /**
   * Gives up on a payment still waiting for the viewer's 3-D Secure, so it can no longer take money.
   * True when it was cancelled; false when it moved on meanwhile (its outcome then settles the order).
   */
  cancelPending(ref: { paymentId?: string | undefined; subscriptionId?: string | undefined }): Promise<boolean>
  /**
   * Verifies a webhook on its raw body and turns it into an event (null: genuine but of no interest);
   * throws `WebhookSignatureError` on a bad or stale signature.
   */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): GatewayEvent | null
  /**
   * Optional: charges a subscription's next period when it is due, for a gateway whose provider does
   * not renew subscriptions by itself (the offline test gateway); the outcome arrives as events.
   * Stripe renews its own and tells us by webhook: it leaves this out.
   */
  renew?(req: RenewRequest): Promise<void>
  /**
   * Optional (Stripe): the pass's product and price at the provider, made or updated when the console
   * writes a pass. A price change makes a new price (prices are immutable at Stripe) and retires the old.
   */
  syncPlan?(req: PlanRequest): Promise<{ productId: string; priceId: string }>
  /**
   * Optional (Stripe): a running subscription moved to a new price without proration, so it pays it
   * from its next renewal.
   */
  movePlan?(subscriptionId: string, priceId: string, idempotencyKey: string): Promise<void>
}

/** A refused webhook signature (answered 400, nothing written). */
export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError'
}

/** A refund the provider would not make, with its reason for the operator. */
export class RefundRefused extends Error {
  override name = 'RefundRefused'
}

/** A card the provider refused, with its message for the viewer. */
export class CardError extends Error {
  override name = 'CardError'
}
