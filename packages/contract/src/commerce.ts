import { z } from 'zod'
import { constants } from './constants.js'
import { lengthGreaterThan, lengthLessThan } from './messages.js'

/**
 * Passes and payments (spec §1, §3 Package and subscription, Pass kinds, Order, Transaction, user
 * card; §4 payment and order states; §5 payment messages; §7 Payments; §9 cycles, trial, price label).
 * Prices travel in currency units (9.99) as the spec shows them; the database keeps minor units.
 */

/** What a pass is (spec §3 "Pass kinds"); `event` is a single-event package. */
export const PassKindSchema = z.enum(['subscription', 'package', 'event', 'addon'])
export type PassKindName = z.infer<typeof PassKindSchema>

/** Spec §3: what a pass grants, lower-cased into the user's capability flags. */
export const PassCapabilitySchema = z.enum(['watch', 'download', 'clipping', 'download_clip', 'no_ads', 'vod_media'])

/** What a pass or a bundle costs, in currency units. */
const priceFields = {
  /** What the viewer pays now. */
  price: z.number(),
  /** The list price the offer is measured against (shown struck through when higher than price). */
  base_price: z.number(),
  /** Added per item of a one-time purchase at checkout; a subscription carries none (0). */
  service_fee: z.number(),
  currency: z.string(),
}

export const PackageSchema = z.object({
  id: z.number().int(),
  kind: PassKindSchema,
  name: z.string(),
  description: z.string().nullable(),
  ...priceFields,
  image: z.string().nullable(),
  /** `annual`, or another offer word shown after the period ("monthly"). */
  offer: z.string().nullable(),
  /** Billing period of a subscription: annual (12 months) or month/monthly (30 days); null otherwise. */
  period: z.enum(['annual', 'month', 'monthly']).nullable(),
  /** Free days before the first charge (subscriptions only). */
  trial_period: z.number().int(),
  /** regular, or addition (an add-on bought on top of a regular pass). */
  pass_type: z.enum(['regular', 'addition']),
  is_team_pass: z.boolean(),
  /** Sports/divisions the pass opens (empty: every event of the channel, for subscriptions). */
  event_categories: z.array(z.number().int()),
  /** Teams a team pass opens. */
  participants: z.array(z.number().int()),
  /** The event a single-event package opens. */
  event_id: z.number().int().nullable(),
  capabilities: z.array(PassCapabilitySchema),
  weight: z.number().int(),
})
export type Package = z.infer<typeof PackageSchema>

export const BundleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  ...priceFields,
  package_ids: z.array(z.number().int()),
  image: z.string().nullable().default(null),
  /** Higher shows first (decision 0040). */
  weight: z.number().int().default(0),
})
export type Bundle = z.infer<typeof BundleSchema>

/** Spec §4 payment states. */
export const OrderStatusSchema = z.enum(['created', 'paid', 'failed', 'refunded'])

export const OrderSchema = z.object({
  id: z.number().int(),
  status: OrderStatusSchema,
  /** `active` while the pass it bought opens content; then `inactive`, `expired` or `canceled`. */
  activity_status: z.enum(['active', 'inactive', 'expired', 'canceled']),
  type: z.enum(['event', 'package', 'subscription']),
  product: z.object({
    id: z.number().int(),
    name: z.string(),
    kind: PassKindSchema,
    event_category_id: z.number().int().nullable(),
    participant_id: z.number().int().nullable(),
  }),
  /** Charged, in currency units (after coupon, with the service fee). */
  amount: z.number(),
  discount: z.number(),
  service_fee: z.number(),
  currency: z.string(),
  coupon: z.string().nullable(),
  /** ISO 8601; null for passes that do not expire. */
  expires_at: z.string().nullable(),
  /** A subscription renews at the end of its period unless cancelled ("Auto-Renewal"). */
  auto_renew: z.boolean(),
  /** ISO 8601: the end of a free trial, while it runs. */
  trial_ends_at: z.string().nullable(),
  /** Why a payment failed, in the words of the card network ("Your card was declined."). */
  failure_message: z.string().nullable(),
  created_at: z.string(),
  /**
   * What the browser must still do before the order can settle: with Stripe, 3-D Secure finished by
   * Stripe.js with the PaymentIntent's client secret. Only on the buyer's own order while its payment
   * waits for it (the checkout's answer and `orders/{id}`); null (or absent) otherwise.
   */
  next_action: z
    .object({ type: z.literal('stripe_3ds'), client_secret: z.string() })
    .nullable()
    .optional(),
})
export type Order = z.infer<typeof OrderSchema>

export const TransactionSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  /** Spec §4: New subscription (created), Subscription Renewal (updated); a one-time purchase is Purchase. */
  type: z.enum(['New subscription', 'Subscription Renewal', 'Purchase']),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(['paid', 'failed']),
  product_name: z.string(),
  created_at: z.string(),
})
export type Transaction = z.infer<typeof TransactionSchema>

export const CardSchema = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
})
export type Card = z.infer<typeof CardSchema>

/**
 * How the viewer pays: a saved card, a new card's number (the offline test gateway only), or a
 * payment method made by Stripe Elements in the browser.
 */
export const PaymentInputSchema = z.object({
  payment_method_id: z.string().max(200).optional(),
  card: z
    .object({
      number: z.string().trim().max(23),
      exp_month: z.coerce.number().int().min(1).max(12),
      exp_year: z.coerce.number().int().min(2000).max(2100),
      cvc: z.string().trim().max(4),
    })
    .optional(),
  save_card: z.boolean().optional(),
  coupon: z.string().trim().max(50).optional(),
  /** Sent by the client once per checkout: a retried or doubled request never charges twice. */
  idempotency_key: z.string().min(8).max(100).optional(),
})

/** `POST stripe/buy` (spec §7). */
export const BuyRequestSchema = PaymentInputSchema.extend({
  /** The pass (package or subscription) id; spec §5 "id not selected" when missing. */
  id: z.coerce.number().int().positive().optional(),
  type: z.enum(['event', 'package', 'subscription']).optional(),
  /** A paid event is bought through its single-event package (spec §5). */
  event_id: z.coerce.number().int().positive().optional(),
  single_event_package_id: z.coerce.number().int().positive().optional(),
})
export type BuyRequest = z.infer<typeof BuyRequestSchema>

export const BuyBundleRequestSchema = PaymentInputSchema.extend({
  bundle_id: z.coerce.number().int().positive().optional(),
})

export const StartTrialRequestSchema = PaymentInputSchema.extend({
  subscription_id: z.coerce.number().int().positive().optional(),
})

export const InvoicePreviewRequestSchema = z.object({
  subscription_id: z.coerce.number().int().positive().optional(),
  id: z.coerce.number().int().positive().optional(),
  coupon: z.string().trim().max(50).optional(),
})

/** `POST stripe/invoice-preview` and `GET apply_coupon`: what the viewer will pay. */
export const PriceQuoteSchema = z.object({
  price: z.number(),
  discount: z.number(),
  service_fee: z.number(),
  tax: z.number(),
  total: z.number(),
  currency: z.string(),
  coupon: z.string().nullable(),
  /** ISO 8601, when a trial would run before the first charge. */
  trial_ends_at: z.string().nullable(),
})
export type PriceQuote = z.infer<typeof PriceQuoteSchema>

const { min: codeMin, max: codeMax } = constants.couponCodeLength

/**
 * A promo code as the viewer types it (spec §5 length rule): shorter or longer than any code the
 * console makes is refused in the browser, in the length rule's words, without asking `apply_coupon`.
 */
export const PromoCodeSchema = z
  .string()
  .trim()
  .min(codeMin, lengthGreaterThan(codeMin - 1))
  .max(codeMax, lengthLessThan(codeMax + 1))

export const ApplyCouponQuerySchema = z.object({
  code: z.string().trim().max(50).optional(),
  id: z.coerce.number().int().positive().optional(),
  type: z.enum(['event', 'package', 'subscription', 'bundle']).optional(),
})

export const UnsubscribeRequestSchema = z.object({ order_id: z.coerce.number().int().positive().optional() })

/** Which gateway takes the money; the test one charges nothing (the UI says so). */
export const PaymentConfigSchema = z.object({
  gateway: z.enum(['test', 'stripe']),
  /** Stripe's publishable key, when Elements collects the card. */
  publishable_key: z.string().nullable(),
})
export type PaymentConfig = z.infer<typeof PaymentConfigSchema>
