import { z } from 'zod'
import { AdminListQuerySchema, OperatorRoleSchema } from './admin.js'
import { CapabilityFlagsSchema } from './auth.js'
import { OrderStatusSchema } from './commerce.js'
import { accountFields } from './fields.js'
import { emptyToUndefined, newestFirst } from './query.js'
import { OrderActivitySchema } from './sales.js'

/**
 * The console's customers (decision 0038): the viewers of the operator's channel, their passes,
 * orders, clips and capabilities, and what an operator does for one: resend the verification mail,
 * send a password reset, block and unblock. The rule table's resource is `users`.
 */

/** `GET /api/admin/customers`: search in the email and the name; filter on blocked or not. */
export const AdminCustomersQuerySchema = AdminListQuerySchema.extend({
  blocked: z.preprocess(emptyToUndefined, z.enum(['yes', 'no'], { error: 'Choose yes or no' }).optional()),
  direction: newestFirst,
})
export type AdminCustomersQuery = z.output<typeof AdminCustomersQuerySchema>
/** The fields `GET /api/admin/customers` sorts by. */
export const AdminCustomerSorts = ['created_at', 'email', 'id'] as const

export const AdminCustomerSchema = z.object({
  ...accountFields,
  verified: z.boolean(),
  created_at: z.number().int(),
  /** When an operator blocked the account; null when it is not blocked. */
  blocked_at: z.number().int().nullable(),
  /** The account's role on this channel when it is an operator too (an operator cannot be blocked). */
  operator_role: OperatorRoleSchema.nullable(),
})
export type AdminCustomer = z.infer<typeof AdminCustomerSchema>

/** A pass the viewer holds: a paid order that still opens content. */
export const AdminCustomerPassSchema = z.object({
  order_id: z.number().int(),
  pass: z.object({ id: z.number().int(), name: z.string(), kind: z.string() }),
  activity_status: OrderActivitySchema,
  /** Null for a pass with no end (a single event, a package). */
  period_end: z.number().int().nullable(),
  auto_renew: z.boolean(),
  complimentary: z.boolean(),
})

export const AdminCustomerOrderSchema = z.object({
  id: z.number().int(),
  created_at: z.number().int(),
  pass_name: z.string(),
  status: OrderStatusSchema,
  activity_status: OrderActivitySchema,
  amount: z.number().int(),
  currency: z.string(),
  complimentary: z.boolean(),
})

/** `GET /api/admin/customers/{id}` */
export const AdminCustomerDetailSchema = AdminCustomerSchema.extend({
  passes: z.array(AdminCustomerPassSchema),
  /** The latest orders, newest first (at most `CUSTOMER_ORDERS_SHOWN`); `orders_total` counts them all. */
  orders: z.array(AdminCustomerOrderSchema),
  orders_total: z.number().int(),
  /** What the viewer may do (spec §3): their own capabilities and those their passes grant. */
  capabilities: CapabilityFlagsSchema,
  feature_count: z.object({ clips: z.number().int(), downloads: z.number().int() }),
  trial_period_used: z.boolean(),
})
export type AdminCustomerDetail = z.infer<typeof AdminCustomerDetailSchema>
export const CUSTOMER_ORDERS_SHOWN = 50

/** What a mail action answers: sent now, to this address. */
export const CustomerMailSentSchema = z.object({ status: z.literal('sent'), email: z.string() })
