import type { Package } from '@fieldhouse/contract'
import { paths } from '../../lib/navigation/paths'

/**
 * What `/buy` sells, from its query (spec §3 query names): `subscription_id`, `package_id` (packages,
 * team passes, add-ons), `single_event_package_id` (+ `event_id`, the game to come back to) or
 * `bundle_id`. Ids are digits only.
 */
export type CheckoutTarget =
  | { kind: 'subscription' | 'package' | 'event'; id: number; eventId: number | null }
  | { kind: 'bundle'; id: number; eventId: null }

export const positiveId = (v: string | null | undefined) =>
  v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : null

export function parseCheckoutTarget(search: URLSearchParams): CheckoutTarget | null {
  const bundle = positiveId(search.get('bundle_id'))
  if (bundle !== null) return { kind: 'bundle', id: bundle, eventId: null }
  const eventId = positiveId(search.get('event_id'))
  const event = positiveId(search.get('single_event_package_id'))
  if (event !== null) return { kind: 'event', id: event, eventId }
  const subscription = positiveId(search.get('subscription_id'))
  if (subscription !== null) return { kind: 'subscription', id: subscription, eventId }
  const pkg = positiveId(search.get('package_id'))
  if (pkg !== null) return { kind: 'package', id: pkg, eventId }
  return null
}

/** Where a pass is bought: `/buy` with the query name of its kind, and the game it opens when known. */
export function checkoutHref(pass: Pick<Package, 'id' | 'kind' | 'event_id'>, eventId?: number | null) {
  const q = new URLSearchParams()
  if (pass.kind === 'subscription') q.set('subscription_id', String(pass.id))
  else if (pass.kind === 'event') q.set('single_event_package_id', String(pass.id))
  else q.set('package_id', String(pass.id))
  const event = eventId ?? pass.event_id
  if (event) q.set('event_id', String(event))
  return `${paths.buy}?${q}`
}

export const bundleCheckoutHref = (bundleId: number) => `${paths.buy}?bundle_id=${bundleId}`

/**
 * Where "Choose" on `/packages` leads: a package that covers sports or teams first shows what it covers
 * on `/select-package/{id}` (the parts the viewer already holds marked); anything else goes straight to
 * checkout.
 */
export function choosePassHref(pass: Pick<Package, 'id' | 'kind' | 'event_id' | 'event_categories' | 'participants'>) {
  return pass.kind === 'package' && (pass.event_categories.length > 0 || pass.participants.length > 0)
    ? paths.selectPackage(pass.id)
    : checkoutHref(pass)
}

/** One key per checkout: a double click or a retried request never makes a second order. */
export const newIdempotencyKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`
