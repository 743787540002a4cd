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

/** A coupon as the gateways take a discount: percent or amount off. */
export const discountOf = (coupon: CouponRow) => ({
  ...(coupon.percent_off !== null ? { percentOff: coupon.percent_off } : {}),
  ...(coupon.amount_off !== null ? { amountOff: coupon.amount_off } : {}),
})
