import type { Order, Package, PriceQuote } from './commerce.js'
import { formatPrice } from './format/money.js'

/**
 * The rules of passes and prices (spec §4 "purchased", §9 price label and ecommerce value) and the test
 * gateway's cards. Plain functions, apart from the schemas of commerce.ts, so that a page which only
 * needs a rule (the analytics of every page) does not build the checkout's schemas.
 */

/**
 * Spec §9 price label: currency symbol and base price, and for subscriptions `/period` plus the offer
 * ("annual" offers are labelled annual, others monthly): `$99.99/year annual`, `$9.99/month monthly`.
 */
export function priceTitle(p: Pick<Package, 'price' | 'currency' | 'period' | 'offer'>, locale = 'en') {
  const amount = formatPrice(p.price, p.currency, locale)
  if (!p.period) return amount
  const per = p.period === 'annual' ? 'year' : 'month'
  const offer = p.offer === 'annual' || p.period === 'annual' ? 'annual' : 'monthly'
  return `${amount}/${per} ${offer}`
}

/**
 * Spec §4: an order opens what it bought while it is paid and active (not failed or refunded, not
 * expired or cancelled). Every page, the console and the server ask this one question.
 */
export const isPaidAndActive = (o: { status: string; activity_status: string }) =>
  o.status === 'paid' && o.activity_status === 'active'

/**
 * Spec §4 "purchased": a pass counts as purchased when a paid and active order of it exists; a package
 * once every category it covers is covered by paid orders; a team pass once every participant is.
 * Also the categories and participants already covered (shown disabled).
 */
export function passFlags(pass: Package, orders: Order[]) {
  const active = orders.filter(isPaidAndActive)
  const disabledCategories = pass.event_categories.filter((c) =>
    active.some((o) => o.product.event_category_id === c || (o.product.id === pass.id && o.type !== 'event')),
  )
  const disabledParticipants = pass.participants.filter((p) =>
    active.some((o) => o.product.participant_id === p || o.product.id === pass.id),
  )
  const direct = active.some((o) => o.product.id === pass.id)
  const purchased = pass.is_team_pass
    ? pass.participants.length > 0 && disabledParticipants.length === pass.participants.length
    : pass.kind === 'package' && pass.event_categories.length > 0
      ? disabledCategories.length === pass.event_categories.length
      : direct
  return {
    purchased,
    passType: pass.pass_type === 'addition' ? ('additional' as const) : ('regular' as const),
    priceTitle: priceTitle(pass),
    disabledCategories,
    disabledParticipants,
  }
}

/** Spec §9: ecommerce value = price − discount + tax, with the service fee per item. */
export const ecommerceValue = (q: Pick<PriceQuote, 'price' | 'discount' | 'tax' | 'service_fee'>) =>
  Math.round((q.price - q.discount + q.tax + q.service_fee) * 100) / 100

/** Offline test gateway: Stripe's test cards (spec: the embedded default charges nothing). */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const

/** The Luhn check every card number passes: catches a mistyped digit before any gateway is asked. */
export function passesLuhn(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return digits.length > 0 && sum % 10 === 0
}
