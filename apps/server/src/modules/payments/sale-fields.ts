import type { AdminBundleFields, AdminCouponFields, AdminPassFields } from '@fieldhouse/contract'
import type { BundleRow, CouponRow, PassRow } from '../../db/schema.js'
import { parseJson } from '../../lib/json.js'

/*
 * The console's passes, coupons and bundles (decisions 0035, 0040): a row as the contract's editable
 * fields (`…FieldsOf`, what an update merges into), and those fields as the row's columns (`…Columns`,
 * what a create or update writes).
 */

/** What a pass row says it covers and grants, its JSON columns read (the viewer's and the console's view alike). */
export const passReachOf = (r: PassRow) => ({
  is_team_pass: r.is_team_pass === 1,
  event_categories: parseJson<number[]>(r.event_categories, []),
  participants: parseJson<number[]>(r.participants, []),
  event_id: r.event_id,
  capabilities: parseJson<AdminPassFields['capabilities']>(r.capabilities, []),
})

export const passFieldsOf = (r: PassRow): AdminPassFields => ({
  kind: r.kind,
  name: r.name,
  description: r.description,
  price: r.price,
  base_price: r.base_price,
  service_fee: r.service_fee,
  image: r.image,
  offer: r.offer,
  // `month` is the seed's older word for monthly.
  period: r.period === null ? null : r.period === 'annual' ? 'annual' : 'monthly',
  trial_period: r.trial_period,
  pass_type: r.pass_type,
  ...passReachOf(r),
  weight: r.weight,
})

export const passColumns = (p: AdminPassFields) => ({
  kind: p.kind,
  name: p.name,
  description: p.description,
  price: p.price,
  base_price: p.base_price ?? p.price,
  service_fee: p.service_fee,
  image: p.image,
  offer: p.offer,
  period: p.kind === 'subscription' ? p.period : null,
  trial_period: p.kind === 'subscription' ? p.trial_period : 0,
  // An add-on is bought on top of a regular pass (spec §3 pass_type addition).
  pass_type: p.kind === 'addon' ? ('addition' as const) : p.pass_type,
  is_team_pass: p.is_team_pass ? 1 : 0,
  event_categories: JSON.stringify(p.event_categories),
  participants: JSON.stringify(p.participants),
  event_id: p.kind === 'event' ? p.event_id : null,
  capabilities: JSON.stringify([...new Set(p.capabilities)]),
  weight: p.weight,
})

export const couponFieldsOf = (r: CouponRow): AdminCouponFields => ({
  code: r.code,
  percent_off: r.percent_off,
  amount_off: r.amount_off,
  applies_to: parseJson<number[]>(r.applies_to, []),
  max_redemptions: r.max_redemptions,
  max_per_viewer: r.max_per_viewer,
  valid_from: r.valid_from,
  valid_to: r.expires_at,
  duration: r.duration,
  duration_months: r.duration_months,
})

export const couponColumns = (c: AdminCouponFields) => ({
  code: c.code,
  percent_off: c.percent_off,
  amount_off: c.amount_off,
  applies_to: JSON.stringify(c.applies_to),
  max_redemptions: c.max_redemptions,
  max_per_viewer: c.max_per_viewer,
  valid_from: c.valid_from,
  expires_at: c.valid_to,
  duration: c.duration,
  duration_months: c.duration === 'repeating' ? c.duration_months : null,
})

export const bundleFieldsOf = (r: BundleRow): AdminBundleFields => ({
  name: r.name,
  price: r.price,
  base_price: r.base_price,
  service_fee: r.service_fee,
  image: r.image,
  weight: r.weight,
  pass_ids: parseJson<number[]>(r.pass_ids, []),
})

export const bundleColumns = (b: AdminBundleFields) => ({
  name: b.name,
  price: b.price,
  base_price: b.base_price ?? b.price,
  service_fee: b.service_fee,
  image: b.image,
  weight: b.weight,
  pass_ids: JSON.stringify(b.pass_ids),
})

/** What an update names: its fields given a value (an absent one leaves the row's). */
export const definedOf = <T extends object>(changes: T) =>
  Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<T>

/**
 * The retired mark an update writes: none when it does not say; when it retires, the time it was first
 * retired (retiring again keeps it); when it puts back on sale, cleared.
 */
export const retiredColumn = (retired: boolean | undefined, was: number | null, now: () => number) =>
  retired === undefined ? {} : { retired_at: retired ? (was ?? now()) : null }

/** An update's input taken apart: whether it retires (or puts back on sale), and what it names over the row's fields. */
export function mergeUpdate<F extends object, I extends Partial<F> & { retired?: boolean | undefined }>(
  current: F,
  input: I,
) {
  const { retired, ...changes } = input
  const defined = definedOf(changes)
  const merged: F = { ...current, ...defined }
  return { retired, defined, merged }
}

/** The audit entry of a console update of a pass, coupon or bundle: a retire when it retires. */
export const updateEntry = (
  resource: 'passes' | 'coupons' | 'bundles',
  resourceId: number,
  retired: boolean | undefined,
  before: unknown,
  after: unknown,
) => ({ action: retired ? 'retire' : 'update', resource, resourceId, before, after })
