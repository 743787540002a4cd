import type { Package } from '@fieldhouse/contract'
import { paths } from '../../lib/navigation/paths'

/** What `/buy` sells, from its query (spec §3 query names). */
export type CheckoutTarget = { kind: 'pass'; id: number; eventId: number | null } | { kind: 'bundle'; id: number }

const positive = (v: string | null) => (v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : null)

export function parseCheckoutTarget(search: URLSearchParams): CheckoutTarget | null {
  const bundle = positive(search.get('bundle_id'))
  if (bundle !== null) return { kind: 'bundle', id: bundle }
  const id =
    positive(search.get('single_event_package_id')) ??
    positive(search.get('subscription_id')) ??
    positive(search.get('package_id'))
  if (id === null) return null
  return { kind: 'pass', id, eventId: positive(search.get('event_id')) }
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

/** `MM/YY` or `MM/YYYY` → month and four-digit year, or null. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text)
  if (!m) return null
  const month = Number(m[1])
  const year = (m[2] as string).length === 2 ? 2000 + Number(m[2]) : Number(m[2])
  return month >= 1 && month <= 12 ? { month, year } : null
}

export interface NewCard {
  number: string
  expiry: string
  cvc: string
}

export type CardProblem =
  | 'checkout.cardNumberInvalid'
  | 'checkout.expiryInvalid'
  | 'checkout.expiryPast'
  | 'checkout.cvcInvalid'

/** Field problems of a new card as i18n keys; empty when it can be sent. */
export function cardProblems(card: NewCard, now = new Date()): Partial<Record<keyof NewCard, CardProblem>> {
  const problems: Partial<Record<keyof NewCard, CardProblem>> = {}
  const digits = card.number.replace(/[\s-]/g, '')
  if (!/^\d{12,19}$/.test(digits)) problems.number = 'checkout.cardNumberInvalid'
  const expiry = parseExpiry(card.expiry)
  if (!expiry) problems.expiry = 'checkout.expiryInvalid'
  else if (
    expiry.year < now.getFullYear() ||
    (expiry.year === now.getFullYear() && expiry.month < now.getMonth() + 1)
  ) {
    problems.expiry = 'checkout.expiryPast'
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim())) problems.cvc = 'checkout.cvcInvalid'
  return problems
}

/** A card number in groups of four, as it is typed. */
export const formatCardNumber = (text: string) =>
  text
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ')

/** One key per checkout page visit: a double click or a retried request never makes a second order. */
export const newIdempotencyKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`

/** Money as the spec shows it: symbol and two decimals. */
export const money = (amount: number, symbol: string) =>
  `${amount < 0 ? '−' : ''}${symbol}${Math.abs(amount).toFixed(2)}`
