import type { AdminCoupon } from '@fieldhouse/contract'
import { describe, expect, it } from 'vitest'
import { couponBodyOf, couponDraftOf } from './coupons-page'

const at = (zone: string) => ({ zone, currency: 'USD', locale: 'en' })

const coupon: AdminCoupon = {
  id: 1,
  code: 'RIVAL',
  percent_off: 50,
  amount_off: null,
  applies_to: [],
  max_redemptions: null,
  max_per_viewer: 1,
  // 2026-12-01 16:00 UTC: 09:00 in Denver (MST), 17:00 in Paris (CET).
  valid_from: Date.UTC(2026, 11, 1, 16, 0),
  valid_to: null,
  duration: 'once',
  duration_months: null,
  redemptions: 0,
  retired: false,
  currency: 'USD',
}

describe('coupon dates on the channel’s clock (decision 0019)', () => {
  it('shows a coupon’s start as the channel’s wall clock reads it, whatever the browser’s zone', () => {
    expect(couponDraftOf(coupon, at('America/Denver')).valid_from).toBe('2026-12-01T09:00')
    expect(couponDraftOf(coupon, at('Europe/Paris')).valid_from).toBe('2026-12-01T17:00')
    expect(couponDraftOf(coupon, at('America/Denver')).valid_to).toBe('')
  })

  it('sends what the operator typed as that moment of the channel’s zone', () => {
    const draft = { ...couponDraftOf(undefined, at('America/Denver')), valid_from: '2026-12-01T09:00' }
    expect(couponBodyOf(draft, true, at('America/Denver')).valid_from).toBe(Date.UTC(2026, 11, 1, 16, 0))
    expect(couponBodyOf(draft, true, at('Europe/Paris')).valid_from).toBe(Date.UTC(2026, 11, 1, 8, 0))
    expect(couponBodyOf({ ...draft, valid_from: '' }, true, at('Europe/Paris')).valid_from).toBeNull()
  })

  it('reads back what it sent, across a change of offset', () => {
    // 2027-03-14: Denver moves from MST to MDT at 02:00.
    for (const local of ['2027-03-13T23:30', '2027-03-14T12:00']) {
      const draft = { ...couponDraftOf(undefined, at('America/Denver')), valid_to: local }
      const sent = couponBodyOf(draft, true, at('America/Denver')).valid_to
      expect(couponDraftOf({ ...coupon, valid_to: sent }, at('America/Denver')).valid_to).toBe(local)
    }
  })
})
