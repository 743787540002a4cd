import { z } from 'zod'
import { AdminListQuerySchema } from './admin.js'
import { PassCapabilitySchema, PassKindSchema } from './commerce.js'
import { bare } from './fields.js'
import { LinkSchema } from './links.js'
import { emptyToUndefined } from './query.js'

/**
 * The console's passes, prices and coupons (`/api/admin/passes`, `/api/admin/coupons`, decision 0035).
 * Money travels in minor units (cents) here, as the console's event prices do; the viewer's API shows
 * currency units. A pass that has been sold is retired (`retired: true`), never deleted.
 */

export const catalogueMessages = {
  passSold: 'This pass has been sold: retire it instead of deleting it.',
  couponRedeemed: 'This coupon has been redeemed: retire it instead of deleting it.',
  periodRequired: 'A subscription needs a billing period: monthly or annual',
  trialSubscriptionsOnly: 'Only subscriptions have a free trial',
  eventRequired: 'Choose the event this pass opens',
  teamsRequired: 'Choose at least one team',
  sportsRequired: 'Choose at least one sport',
  capabilitiesRequired: 'Choose at least one thing the pass grants',
  oneDiscount: 'Give a percent or an amount off, not both',
  discountRequired: 'Give a percent or an amount off',
  monthsRequired: 'Say for how many months renewals keep the discount',
  validRange: 'The end must come after the start',
  codeTaken: 'A coupon with this code already exists',
  unknownPass: 'One of the passes is not a pass of this channel',
  unknownEvent: 'The event is not an event of this channel',
  stripeFailed: 'Stripe did not take the price; nothing was changed. Try again.',
} as const

const ids = z.array(z.number().int().positive()).max(500)
const money = (what: string) =>
  z
    .number({ error: `${what} is a number of cents` })
    .int(`${what} is a number of cents`)
    .min(0, `${what} cannot be negative`)
    .max(100_000_000, `${what} is too large`)
const idempotencyKey = z.string().trim().min(8).max(100).optional()
/** A `PATCH` of what the console writes: any of `fields` (each bare), and `retired` to take it off sale (or back on). */
const updateOf = <T extends z.ZodRawShape>(fields: z.ZodObject<T>) =>
  z
    .object(
      Object.fromEntries(Object.entries(fields.shape).map(([k, v]) => [k, bare(v as z.ZodTypeAny)])) as unknown as {
        [K in keyof T]: z.ZodOptional<T[K]>
      },
    )
    .extend({ retired: z.boolean().optional() })
/** An update names at least one field. */
const changesSomething = (v: object) => Object.values(v).some((x) => x !== undefined)

/** The fields of a pass the console writes (spec §3 "Package and subscription"). */
const passFields = z.object({
  kind: PassKindSchema,
  name: z.string().trim().min(1, 'Field is required').max(200),
  description: z.string().trim().max(2000).nullable().default(null),
  price: money('The price'),
  /** The list price the price is measured against; defaults to the price. */
  base_price: money('The base price').nullable().default(null),
  service_fee: money('The service fee').default(0),
  image: LinkSchema.nullable().default(null),
  offer: z.string().trim().max(50).nullable().default(null),
  period: z.enum(['annual', 'monthly'], { error: 'Choose monthly or annual' }).nullable().default(null),
  trial_period: z.number().int().min(0).max(365, 'A trial lasts at most 365 days').default(0),
  pass_type: z.enum(['regular', 'addition']).default('regular'),
  is_team_pass: z.boolean().default(false),
  event_categories: ids.default([]),
  participants: ids.default([]),
  event_id: z.number().int().positive().nullable().default(null),
  capabilities: z.array(PassCapabilitySchema).max(6).default(['watch']),
  weight: z.number().int().min(-10_000).max(10_000).default(0),
})
export type AdminPassFields = z.output<typeof passFields>

/** What makes a pass whole; the server checks the merged pass of an update with it too. */
export function passProblems(p: AdminPassFields): Record<string, string> {
  const out: Record<string, string> = {}
  if (p.kind === 'subscription' && !p.period) out.period = catalogueMessages.periodRequired
  if (p.kind !== 'subscription' && p.trial_period > 0) out.trial_period = catalogueMessages.trialSubscriptionsOnly
  if (p.kind === 'event' && p.event_id === null) out.event_id = catalogueMessages.eventRequired
  if ((p.kind === 'package' || p.kind === 'addon') && p.is_team_pass && p.participants.length === 0)
    out.participants = catalogueMessages.teamsRequired
  if ((p.kind === 'package' || p.kind === 'addon') && !p.is_team_pass && p.event_categories.length === 0)
    out.event_categories = catalogueMessages.sportsRequired
  if (p.capabilities.length === 0) out.capabilities = catalogueMessages.capabilitiesRequired
  return out
}

/** Each problem `problemsOf` finds, as an issue at its field. */
const reportProblems =
  <T>(problemsOf: (v: T) => Record<string, string>) =>
  (v: T, ctx: z.RefinementCtx) => {
    for (const [path, message] of Object.entries(problemsOf(v))) ctx.addIssue({ code: 'custom', path: [path], message })
  }

/** `POST /api/admin/passes`. */
export const AdminPassCreateSchema = passFields
  .extend({ idempotency_key: idempotencyKey })
  .superRefine(reportProblems(passProblems))
export type AdminPassCreate = z.output<typeof AdminPassCreateSchema>

/** `PATCH /api/admin/passes/:id`: any fields, and `retired` to take it off sale (or back on). */
export const AdminPassUpdateSchema = updateOf(passFields)
  .omit({ kind: true })
  .refine(changesSomething, 'Change at least one field')
export type AdminPassUpdate = z.output<typeof AdminPassUpdateSchema>

/** A pass as the console shows it (minor units), with what has been sold of it. */
export const AdminPassSchema = passFields.extend({
  id: z.number().int(),
  base_price: z.number().int(),
  currency: z.string(),
  retired: z.boolean(),
  retired_at: z.number().int().nullable(),
  /** Paid orders of it, ever: a pass with any is retired, never deleted. */
  sold: z.number().int(),
  /** Subscriptions on it now (they keep the price they pay until their renewal). */
  subscribers: z.number().int(),
  /** The Stripe price new checkouts use (null without Stripe). */
  stripe_price_id: z.string().nullable(),
  created_at: z.number().int(),
})
export type AdminPass = z.infer<typeof AdminPassSchema>

/** `GET /api/admin/passes`: search by name, filter by kind; retired ones only when asked. */
export const AdminPassesQuerySchema = AdminListQuerySchema.extend({
  kind: z.preprocess(emptyToUndefined, PassKindSchema.optional()),
  retired: z.preprocess(emptyToUndefined, z.enum(['0', '1', 'all']).default('all')),
})
export const AdminPassSorts = ['weight', 'name', 'price', 'kind', 'created_at', 'id'] as const

// ---------------------------------------------------------------------------------------------
// Coupons

const couponFields = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{3,50}$/, 'A code is 3 to 50 letters, digits, - or _')
    .transform((s) => s.toUpperCase()),
  percent_off: z.number().int().min(1, 'At least 1%').max(100, 'At most 100%').nullable().default(null),
  amount_off: money('The amount off').nullable().default(null),
  /** Pass ids the code is good for; empty: every pass. */
  applies_to: ids.default([]),
  max_redemptions: z.number().int().min(1).nullable().default(null),
  max_per_viewer: z.number().int().min(1).nullable().default(null),
  /** Epoch ms; null: from now / no end. */
  valid_from: z.number().int().min(0).nullable().default(null),
  valid_to: z.number().int().min(0).nullable().default(null),
  /** For a subscription: the first payment only, or every renewal for `duration_months`. */
  duration: z.enum(['once', 'repeating']).default('once'),
  duration_months: z.number().int().min(1).max(36).nullable().default(null),
})
export type AdminCouponFields = z.output<typeof couponFields>

export function couponProblems(c: AdminCouponFields): Record<string, string> {
  const out: Record<string, string> = {}
  if (c.percent_off !== null && c.amount_off !== null) out.amount_off = catalogueMessages.oneDiscount
  if (c.percent_off === null && (c.amount_off === null || c.amount_off === 0))
    out.percent_off = catalogueMessages.discountRequired
  if (c.duration === 'repeating' && !c.duration_months) out.duration_months = catalogueMessages.monthsRequired
  if (c.valid_from !== null && c.valid_to !== null && c.valid_to <= c.valid_from)
    out.valid_to = catalogueMessages.validRange
  return out
}

export const AdminCouponCreateSchema = couponFields
  .extend({ idempotency_key: idempotencyKey })
  .superRefine(reportProblems(couponProblems))
export type AdminCouponCreate = z.output<typeof AdminCouponCreateSchema>

export const AdminCouponUpdateSchema = updateOf(couponFields).refine(changesSomething, 'Change at least one field')
export type AdminCouponUpdate = z.output<typeof AdminCouponUpdateSchema>

export const AdminCouponSchema = couponFields.extend({
  id: z.number().int(),
  /** Redemptions held or paid, in all. */
  redemptions: z.number().int(),
  retired: z.boolean(),
  currency: z.string(),
})
export type AdminCoupon = z.infer<typeof AdminCouponSchema>

export const AdminCouponsQuerySchema = AdminListQuerySchema
export const AdminCouponSorts = ['code', 'redemptions', 'valid_to', 'id'] as const

// ---------------------------------------------------------------------------------------------
// Bundles (decision 0040)

export const bundleMessages = {
  bundleSold: 'This bundle has been sold: retire it instead of deleting it.',
  twoPasses: 'Choose at least two passes',
  unknownPass: 'One of the passes is not a pass of this channel',
  noSubscriptions: 'A bundle is paid once: a subscription cannot be in one',
  retiredPass: 'One of the passes is retired: put it back on sale or choose another',
  passInBundle: 'This pass is in a bundle: take it out of the bundle, or retire the pass instead.',
} as const

/** What the console writes of a bundle: several passes sold together at one price, in one charge. */
const bundleFields = z.object({
  name: z.string().trim().min(1, 'Field is required').max(200),
  price: money('The price'),
  /** The passes' own prices together, shown struck through; defaults to the price. */
  base_price: money('The base price').nullable().default(null),
  service_fee: money('The service fee').default(0),
  image: LinkSchema.nullable().default(null),
  weight: z.number().int().min(-10_000).max(10_000).default(0),
  /** The passes it holds, in the order the checkout names them; two or more of the channel's. */
  pass_ids: z
    .array(z.number().int().positive(), { error: bundleMessages.twoPasses })
    .max(20, 'A bundle holds at most 20 passes')
    .transform((v) => [...new Set(v)])
    .refine((v) => v.length >= 2, bundleMessages.twoPasses),
})
export type AdminBundleFields = z.output<typeof bundleFields>

/** `POST /api/admin/bundles`. */
export const AdminBundleCreateSchema = bundleFields.extend({ idempotency_key: idempotencyKey })
export type AdminBundleCreate = z.output<typeof AdminBundleCreateSchema>

/** `PATCH /api/admin/bundles/:id`: any fields, and `retired` to take it off sale (or back on). */
export const AdminBundleUpdateSchema = updateOf(bundleFields).refine(changesSomething, 'Change at least one field')
export type AdminBundleUpdate = z.output<typeof AdminBundleUpdateSchema>

/** A bundle as the console shows it (minor units), with what has been sold of it. */
export const AdminBundleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number().int(),
  base_price: z.number().int(),
  service_fee: z.number().int(),
  image: z.string().nullable(),
  weight: z.number().int(),
  pass_ids: z.array(z.number().int()),
  currency: z.string(),
  retired: z.boolean(),
  /** Viewers can buy it: not retired, and every pass in it on sale. */
  on_sale: z.boolean(),
  /** Checkouts of it paid (or paid, then refunded), ever: a bundle with any order is retired, never deleted. */
  sold: z.number().int(),
})
export type AdminBundle = z.infer<typeof AdminBundleSchema>

/** `GET /api/admin/bundles`: search by name; retired ones only when asked. */
export const AdminBundlesQuerySchema = AdminListQuerySchema.extend({
  retired: z.preprocess(emptyToUndefined, z.enum(['0', '1', 'all']).default('all')),
})
export const AdminBundleSorts = ['weight', 'name', 'price', 'id'] as const
