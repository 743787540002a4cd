import { type Bundle, fromMinor, type Order, type Package, type Transaction } from '@fieldhouse/contract'
import type { BundleRow, OrderRow, PassRow, TransactionRow } from '../../db/schema.js'
import { parseJson } from '../../lib/json.js'
import { passReachOf } from './sale-fields.js'

/** The API's prices are in the currency's main unit (`9.99`); rows keep minor units (the format module's). */
const units = (minor: number) => fromMinor(minor)

/**
 * The service fee a checkout adds (minor units): per item of a one-time purchase. A subscription
 * carries none — the provider bills its price each period and nothing else — so what is shown for it
 * is what is charged (decision 10).
 */
export const serviceFeeOf = (p: { service_fee: number; kind?: PassRow['kind'] }) =>
  p.kind === 'subscription' ? 0 : p.service_fee

/** What the browser must still do for a payment (3-D Secure with Stripe.js). */
export type NextAction = NonNullable<Order['next_action']>
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

export const presentPass = (r: PassRow, currency: string): Package => ({
  id: r.id,
  kind: r.kind,
  name: r.name,
  description: r.description,
  price: units(r.price),
  base_price: units(r.base_price),
  service_fee: units(serviceFeeOf(r)),
  currency,
  image: r.image,
  offer: r.offer,
  period: r.period,
  trial_period: r.trial_period,
  pass_type: r.pass_type,
  ...passReachOf(r),
  weight: r.weight,
})

export const presentBundle = (r: BundleRow, currency: string): Bundle => ({
  id: r.id,
  name: r.name,
  price: units(r.price),
  base_price: units(r.base_price),
  service_fee: units(r.service_fee),
  currency,
  package_ids: parseJson<number[]>(r.pass_ids, []),
  image: r.image,
  weight: r.weight,
})

export const presentOrder = (
  r: OrderRow,
  pass: Pick<PassRow, 'id' | 'name' | 'kind'>,
  nextAction: NextAction | null = null,
): Order => ({
  id: r.id,
  status: r.status,
  activity_status: r.activity_status,
  type: r.type,
  product: {
    id: pass.id,
    name: pass.name,
    kind: pass.kind,
    event_category_id: r.event_category_id,
    participant_id: r.participant_id,
  },
  amount: units(r.amount),
  discount: units(r.discount),
  service_fee: units(r.service_fee),
  currency: r.currency,
  coupon: r.coupon_code,
  expires_at: iso(r.period_end),
  auto_renew: r.auto_renew === 1,
  // Only while a trial runs: a trial checkout still waiting, or one that failed, has none to show.
  trial_ends_at:
    r.status === 'paid' && r.trial_ends_at !== null && r.trial_ends_at > Date.now() ? iso(r.trial_ends_at) : null,
  failure_message: r.failure_message,
  created_at: new Date(r.created_at).toISOString(),
  next_action: nextAction,
})

export const presentTransaction = (r: TransactionRow & { product_name: string }): Transaction => ({
  id: r.id,
  order_id: r.order_id,
  type: r.type,
  amount: units(r.amount),
  currency: r.currency,
  status: r.status,
  product_name: r.product_name,
  created_at: new Date(r.created_at).toISOString(),
})
