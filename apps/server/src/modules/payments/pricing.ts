import { constants } from '@fieldhouse/contract'
import type { CouponRow, PassRow } from '../../db/schema.js'

/**
 * The arithmetic of prices and periods, shared by checkout, renewals and the offline test gateway
 * (which charges what Stripe would). Amounts are integer minor units; times epoch ms.
 */

export const DAY = 86_400_000

/** Spec §9: annual is 12 months, monthly 30 days. */
export const periodEnd = (from: number, interval: 'month' | 'year') => {
  if (interval === 'month') return from + constants.subscriptionCycles.monthlyDays * DAY
  const d = new Date(from)
  d.setUTCMonth(d.getUTCMonth() + constants.subscriptionCycles.annualMonths)
  return d.getTime()
}

/** An amount after a percent or amount discount, never below zero. */
export function discounted(amount: number, discount?: { percentOff?: number; amountOff?: number }) {
  if (!discount) return amount
  const off =
    discount.percentOff !== undefined ? Math.round((amount * discount.percentOff) / 100) : (discount.amountOff ?? 0)
  return Math.max(0, amount - off)
}

/** A subscription pass's billing interval. */
export const intervalOf = (pass: PassRow): 'month' | 'year' => (pass.period === 'annual' ? 'year' : 'month')

/**
 * A coupon as the gateways take a discount: percent or amount off, and — for a coupon that keeps
 * every renewal's discount for N months (decision 0035) — those months.
 */
export const discountOf = (coupon: CouponRow) => ({
  ...(coupon.percent_off !== null ? { percentOff: coupon.percent_off } : {}),
  ...(coupon.amount_off !== null ? { amountOff: coupon.amount_off } : {}),
  ...(coupon.duration === 'repeating' && coupon.duration_months ? { months: coupon.duration_months } : {}),
})

/** `from` plus whole calendar months (UTC). */
export const addMonths = (from: number, months: number) => {
  const d = new Date(from)
  d.setUTCMonth(d.getUTCMonth() + months)
  return d.getTime()
}

/**
 * What a subscription's renewal charges: the pass's price now, less its coupon's discount while the
 * coupon repeats (a period starting within `duration_months` of the first payment keeps it).
 */
export function renewalAmount(
  price: number,
  coupon: CouponRow | null | undefined,
  firstPaidAt: number,
  periodStart: number,
) {
  if (coupon?.duration !== 'repeating' || !coupon.duration_months) return price
  return periodStart < addMonths(firstPaidAt, coupon.duration_months) ? discounted(price, discountOf(coupon)) : price
}
