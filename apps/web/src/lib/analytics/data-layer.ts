import { ecommerceValue } from '@fieldhouse/contract'

/**
 * Web ecommerce analytics (spec §1): events pushed to a GA4-shaped `window.dataLayer`, which the
 * channel's own Google tag reads. Nothing is pushed — and no array is made — unless the channel's
 * settings carry a google tag (`enableDataLayer`); the tag's script itself is the operator's to add.
 */

export interface EcommerceItem {
  item_id: string
  item_name: string
  item_category: string
  price: number
  quantity: 1
  /** Spec §9: a service fee per item. */
  service_fee: number
}

export type DataLayerEvent =
  | { event: 'page_view'; page_path: string; page_title: string }
  | { event: 'login'; method: 'email' | 'google' | 'facebook' }
  | { event: 'view_item_list'; ecommerce: { item_list_name: string; items: EcommerceItem[] } }
  | { event: 'begin_checkout' | 'purchase'; ecommerce: Ecommerce }
  | { event: 'purchase_success' | 'purchase_failed'; ecommerce: Ecommerce }

interface Ecommerce {
  transaction_id?: string
  currency: string
  /** Spec §9: price − discount + tax, with the service fee per item. */
  value: number
  coupon?: string
  items: EcommerceItem[]
}

declare global {
  interface Window {
    dataLayer?: unknown[]
  }
}

let enabled = false

/** On when the channel has a google tag (set at start-up from the settings). */
export function enableDataLayer(googleTag: string | null | undefined) {
  enabled = Boolean(googleTag)
  if (enabled && typeof window !== 'undefined') window.dataLayer = window.dataLayer ?? []
}

export function pushDataLayer(
  event: DataLayerEvent,
  target: { dataLayer?: unknown[] } | undefined = globalThis.window,
) {
  if (!enabled || !target) return
  target.dataLayer = target.dataLayer ?? []
  // GA4 wants the previous ecommerce object cleared before a new one.
  if ('ecommerce' in event) target.dataLayer.push({ ecommerce: null })
  target.dataLayer.push(event)
}

/** The ecommerce block of a checkout: one item, its price, discount, tax and service fee. */
export function checkoutEcommerce(q: {
  orderId?: number
  currency: string
  price: number
  discount: number
  tax: number
  serviceFee: number
  coupon?: string | null
  item: { id: number; name: string; kind: string }
}): Ecommerce {
  return {
    ...(q.orderId !== undefined ? { transaction_id: String(q.orderId) } : {}),
    currency: q.currency,
    value: ecommerceValue({ price: q.price, discount: q.discount, tax: q.tax, service_fee: q.serviceFee }),
    ...(q.coupon ? { coupon: q.coupon } : {}),
    items: [
      {
        item_id: String(q.item.id),
        item_name: q.item.name,
        item_category: q.item.kind,
        price: q.price,
        quantity: 1,
        service_fee: q.serviceFee,
      },
    ],
  }
}

/** Test seam: reset the switch. */
export const resetDataLayer = () => {
  enabled = false
}
