import { z } from 'zod'
import { AdminListQuerySchema } from './admin.js'
import { OrderStatusSchema } from './commerce.js'
import { emptyToUndefined, newestFirst } from './query.js'

/**
 * The console's sales (decision 0036): orders with their story, refunds, cancelling a subscription,
 * refunding every buyer of a cancelled event, complimentary passes, and revenue. Every money action
 * carries the console's own idempotency key (one per dialog opened): the same key twice does it once.
 */

export const OrderActivitySchema = z.enum(['active', 'inactive', 'expired', 'canceled'])

/** One console action's key: made by the console when the dialog opens, sent with every retry. */
export const ConsoleActionKeySchema = z
  .string({ error: 'An idempotency key is required' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,80}$/, 'Use 8 to 80 letters, digits, _ or -')

/** A date as the channel's calendar names it (`YYYY-MM-DD`). */
const day = z.iso.date({ error: 'Use a date such as 2026-11-24' })

/** `GET /api/admin/orders`: search by email, order id or pass name; filter by state, pass and date. */
export const AdminOrdersQuerySchema = AdminListQuerySchema.extend({
  status: z.preprocess(
    emptyToUndefined,
    z.enum(OrderStatusSchema.options, { error: 'Choose created, paid, failed or refunded' }).optional(),
  ),
  pass_id: z.preprocess(emptyToUndefined, z.coerce.number().int().positive('Choose a pass').optional()),
  /** Days in the channel's time zone, both included. */
  from: z.preprocess(emptyToUndefined, day.optional()),
  to: z.preprocess(emptyToUndefined, day.optional()),
  direction: newestFirst,
})
export type AdminOrdersQuery = z.output<typeof AdminOrdersQuerySchema>
/** The fields `GET /api/admin/orders` sorts by. */
export const AdminOrderSorts = ['created_at', 'amount', 'status', 'id'] as const
/** `GET /api/admin/orders/export`: the same filters, every matching row (up to this many). */
export const ORDERS_EXPORT_MAX = 10_000

export const AdminOrderSchema = z.object({
  id: z.number().int(),
  created_at: z.number().int(),
  user: z.object({ id: z.number().int(), email: z.string() }),
  pass: z.object({ id: z.number().int(), name: z.string(), kind: z.string() }),
  event: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  type: z.enum(['event', 'package', 'subscription']),
  status: OrderStatusSchema,
  activity_status: OrderActivitySchema,
  /** Minor units. */
  amount: z.number().int(),
  /** Minor units given back so far. */
  refunded: z.number().int(),
  currency: z.string(),
  coupon_code: z.string().nullable(),
  gateway: z.string(),
  complimentary: z.boolean(),
  auto_renew: z.boolean(),
  period_end: z.number().int().nullable(),
})
export type AdminOrder = z.infer<typeof AdminOrderSchema>

export const AdminRefundSchema = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  reason: z.string(),
  /** pending: asked of the gateway; succeeded; failed: the gateway refused (its reason in failure_message). */
  status: z.enum(['pending', 'succeeded', 'failed']),
  failure_message: z.string().nullable(),
  operator_email: z.string().nullable(),
  created_at: z.number().int(),
})
export type AdminRefund = z.infer<typeof AdminRefundSchema>

/** `GET /api/admin/orders/{id}`: the order's whole story. */
export const AdminOrderDetailSchema = AdminOrderSchema.extend({
  discount: z.number().int(),
  service_fee: z.number().int(),
  failure_message: z.string().nullable(),
  trial_ends_at: z.number().int().nullable(),
  /** The card it was paid with: brand and last four digits, never more. */
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /** What the provider told us, oldest first. */
  events: z.array(z.object({ id: z.number().int(), type: z.string(), received_at: z.number().int() })),
  /** Money taken: the purchase or first payment, then renewals. */
  transactions: z.array(
    z.object({ id: z.number().int(), type: z.string(), amount: z.number().int(), created_at: z.number().int() }),
  ),
  refunds: z.array(AdminRefundSchema),
  /** Most that may still be refunded, minor units. */
  refundable: z.number().int(),
})
export type AdminOrderDetail = z.infer<typeof AdminOrderDetailSchema>

/** `POST /api/admin/orders/{id}/refunds`: the whole order when `amount` is left out. */
export const RefundRequestSchema = z.object({
  amount: z.number({ error: 'Enter an amount' }).int().positive('Refund at least 1').optional(),
  reason: z.string({ error: 'Give a reason' }).trim().min(3, 'Give a reason').max(300, 'Use at most 300 characters'),
  idempotency_key: ConsoleActionKeySchema,
})
export type RefundRequest = z.infer<typeof RefundRequestSchema>

/** `POST /api/admin/orders/{id}/cancel`: a subscription ended now (access closes) or at its period's end. */
export const CancelSubscriptionRequestSchema = z.object({
  when: z.enum(['now', 'period_end'], { error: 'Choose now or at the end of the period' }),
  idempotency_key: ConsoleActionKeySchema,
})

/** `POST /api/admin/orders`: a complimentary pass (an order of 0, marked complimentary). */
export const ComplimentaryRequestSchema = z
  .object({
    /** The viewer, by id or by the email they signed up with. */
    user_id: z.number({ error: 'Choose a viewer' }).int().positive('Choose a viewer').optional(),
    email: z.email({ error: 'Enter a valid email address' }).trim().toLowerCase().optional(),
    pass_id: z.number({ error: 'Choose a pass' }).int().positive('Choose a pass'),
    /** For a single-event package: the event it opens (else the pass's own). */
    event_id: z.number().int().positive().nullable().default(null),
    reason: z.string().trim().max(300).default(''),
    idempotency_key: ConsoleActionKeySchema,
  })
  .refine((v) => v.user_id !== undefined || v.email !== undefined, {
    path: ['email'],
    message: 'Enter the viewer’s email',
  })
export type ComplimentaryRequest = z.infer<typeof ComplimentaryRequestSchema>

export const ConsoleActionSchema = z.object({ idempotency_key: ConsoleActionKeySchema })

/** `GET /api/admin/events/{id}/refunds`: what refunding every buyer of the event would do. */
export const EventRefundPreviewSchema = z.object({
  event: z.object({ id: z.number().int(), name: z.string() }),
  /** Paid orders of the event not refunded yet. */
  orders: z.number().int(),
  /** What they would get back, per currency, minor units. */
  totals: z.array(z.object({ currency: z.string(), amount: z.number().int() })),
})
export type EventRefundPreview = z.infer<typeof EventRefundPreviewSchema>

export const EventRefundRequestSchema = z.object({
  reason: RefundRequestSchema.shape.reason,
  idempotency_key: ConsoleActionKeySchema,
})

/** `POST /api/admin/events/{id}/refunds`: what happened to each order. */
export const EventRefundReportSchema = z.object({
  refunded: z.number().int(),
  /** Already refunded before (a second run), or complimentary. */
  skipped: z.number().int(),
  failed: z.array(z.object({ order_id: z.number().int(), message: z.string() })),
  totals: EventRefundPreviewSchema.shape.totals,
})
export type EventRefundReport = z.infer<typeof EventRefundReportSchema>

/** `GET /api/admin/revenue`: days of the channel's time zone, both included; the last 30 days when left out. */
export const RevenueQuerySchema = z.object({
  from: z.preprocess(emptyToUndefined, day.optional()),
  to: z.preprocess(emptyToUndefined, day.optional()),
})
export type RevenueQuery = z.output<typeof RevenueQuerySchema>
/** The days the revenue page shows when none are chosen. */
export const REVENUE_DEFAULT_DAYS = 30
const revenueRow = {
  /** Minor units: what paid orders took. */
  gross: z.number().int(),
  refunds: z.number().int(),
  net: z.number().int(),
  orders: z.number().int(),
}
export const RevenueSchema = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  time_zone: z.string(),
  totals: z.object(revenueRow),
  /** Every day of the range, in the channel's time zone (days without sales are zeros). */
  days: z.array(z.object({ day: z.string(), ...revenueRow })),
  passes: z.array(z.object({ pass_id: z.number().int(), name: z.string(), ...revenueRow })),
  events: z.array(z.object({ event_id: z.number().int(), name: z.string(), ...revenueRow })),
})
export type Revenue = z.infer<typeof RevenueSchema>

/** What the console's sales routes answer when they refuse (ours; decision 0036). */
export const salesMessages = {
  notRefundable: 'Only a paid order can be refunded.',
  complimentaryNotRefundable: 'A complimentary pass took no money: revoke it instead.',
  nothingLeft: 'This order has been refunded in full already.',
  tooMuch: (left: string) => `At most ${left} can still be refunded.`,
  noPayment: 'This order has no payment at the provider to refund.',
  gatewayUnreachable: 'The payment provider did not answer. Try again: the refund will be made once.',
  notSubscription: 'Only a subscription can be cancelled.',
  notRunning: 'This subscription is not running.',
  keyUsed: 'This action key was used for another action.',
  notComplimentary: 'Only a complimentary pass can be revoked here.',
  alreadyRevoked: 'This pass has been revoked already.',
  rangeBackwards: 'The end date comes before the start date.',
  rangeTooLong: 'Choose at most 366 days.',
} as const
