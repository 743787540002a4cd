import { anOrder } from '@fieldhouse/contract/fixtures'
import { describe, expect, it } from 'vitest'
import { orderLabels, splitOrders, transactionTypeKey } from './order-display'

describe('the orders list', () => {
  it('puts active passes first (soonest to end first) and the rest newest first', () => {
    const orders = [
      anOrder({ id: 1, created_at: '2026-11-01T00:00:00Z', expires_at: '2027-01-01T00:00:00Z' }),
      anOrder({ id: 2, created_at: '2026-11-02T00:00:00Z', status: 'failed', activity_status: 'inactive' }),
      anOrder({ id: 3, created_at: '2026-11-03T00:00:00Z', expires_at: '2026-12-01T00:00:00Z' }),
      anOrder({ id: 4, created_at: '2026-11-04T00:00:00Z', activity_status: 'expired' }),
      anOrder({ id: 5, created_at: '2026-11-05T00:00:00Z', expires_at: null }),
    ]
    const { active, past } = splitOrders(orders)
    expect(active.map((o) => o.id)).toEqual([3, 1, 5])
    expect(past.map((o) => o.id)).toEqual([4, 2])
  })

  it('labels payment and pass state, and a subscription’s renewal (spec §4)', () => {
    const keys = (o: Parameters<typeof orderLabels>[0]) => orderLabels(o).map((l) => l.key)
    expect(keys(anOrder())).toEqual(['checkout.status_paid', 'checkout.activity_active'])
    expect(keys(anOrder({ type: 'subscription', auto_renew: true }))).toEqual([
      'checkout.status_paid',
      'checkout.activity_active',
      'checkout.autoRenewal',
    ])
    expect(keys(anOrder({ type: 'subscription', auto_renew: false }))).toContain('checkout.autoRenewalCancelled')
    expect(keys(anOrder({ type: 'subscription', activity_status: 'expired' }))).toEqual([
      'checkout.status_paid',
      'checkout.activity_expired',
    ])
    expect(keys(anOrder({ status: 'failed', activity_status: 'inactive' }))).toEqual(['checkout.status_failed'])
    expect(orderLabels(anOrder({ status: 'failed' }))[0]?.tone).toBe('bad')
  })

  it('words transaction types as the spec names them', () => {
    expect(transactionTypeKey('New subscription')).toBe('checkout.tx_new_subscription')
    expect(transactionTypeKey('Subscription Renewal')).toBe('checkout.tx_renewal')
    expect(transactionTypeKey('Purchase')).toBe('checkout.tx_purchase')
  })
})
