import { isPaidAndActive, type Order, type Transaction } from '@fieldhouse/contract'

/** The profile's orders list: the active passes (soonest to end first), and the rest, newest first. */
export function splitOrders(orders: Order[]): { active: Order[]; past: Order[] } {
  const ends = (o: Order) => (o.expires_at ? Date.parse(o.expires_at) : Number.POSITIVE_INFINITY)
  const newest = (a: Order, b: Order) => Date.parse(b.created_at) - Date.parse(a.created_at)
  return {
    active: orders.filter(isPaidAndActive).sort((a, b) => ends(a) - ends(b) || newest(a, b)),
    past: orders.filter((o) => !isPaidAndActive(o)).sort(newest),
  }
}

/** A subscription that renews by itself shows its renewal label and may have it cancelled (spec §4). */
export const isRenewing = (o: Order) => o.type === 'subscription' && isPaidAndActive(o)

/**
 * The labels an order shows (i18n keys): its payment state (Paid, Failed, Refunded, Processing), its
 * pass state for a paid order (Active, Inactive, Expired, Canceled), and for a subscription in force its
 * renewal ("Auto-Renewal" / "Auto-Renewal Cancelled").
 */
export type OrderLabelKey =
  | `checkout.status_${Order['status']}`
  | `checkout.activity_${Order['activity_status']}`
  | 'checkout.autoRenewal'
  | 'checkout.autoRenewalCancelled'

export interface OrderLabel {
  key: OrderLabelKey
  tone: 'good' | 'bad' | 'plain'
  testId?: string
}

export function orderLabels(o: Order): OrderLabel[] {
  const labels: OrderLabel[] = [
    {
      key: `checkout.status_${o.status}`,
      tone: o.status === 'paid' ? 'good' : o.status === 'failed' ? 'bad' : 'plain',
    },
  ]
  if (o.status === 'paid') {
    labels.push({
      key: `checkout.activity_${o.activity_status}`,
      tone: o.activity_status === 'active' ? 'good' : 'plain',
    })
  }
  if (isRenewing(o)) {
    labels.push({
      key: o.auto_renew ? 'checkout.autoRenewal' : 'checkout.autoRenewalCancelled',
      tone: 'plain',
      testId: 'renewal-label',
    })
  }
  return labels
}

/** Transaction types as the spec names them (§4) → i18n keys. */
export const transactionTypeKey = (type: Transaction['type']) =>
  type === 'New subscription'
    ? 'checkout.tx_new_subscription'
    : type === 'Subscription Renewal'
      ? 'checkout.tx_renewal'
      : 'checkout.tx_purchase'
