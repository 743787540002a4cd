import { ecommerceValue } from '@fieldhouse/contract'

/**
 * Web ecommerce analytics (spec §1, §9): GA4-shaped events pushed to `window.dataLayer`, which the
 * channel operator's own Google tag snippet reads. Nothing is pushed — and no array is made — unless the
 * channel's settings carry a google tag (`settings['google-analytics']['google-tag']`, see
 * `enableDataLayer`); the app never loads gtag.js itself.
 *
 * Events: page_view (each route change, once the page has its title), login, view_item_list (the
 * packages page), begin_checkout, purchase, purchase_success and purchase_failed.
 */

export interface EcommerceItem {
  item_id: string
  item_name: string
  /** The pass kind: subscription, package, event, addon or bundle. */
  item_category: string
  price: number
  quantity: 1
  /** Spec §9: a service fee per item. */
  service_fee: number
  discount?: number
}

export interface Ecommerce {
  transaction_id?: string
  currency: string
  /** Spec §9: price − discount + tax, with the service fee per item (`ecommerceValue`). */
  value: number
  tax: number
  coupon?: string
  items: EcommerceItem[]
}

export type DataLayerEvent =
  | { event: 'page_view'; page_path: string; page_location: string; page_title: string }
  | { event: 'login'; method: 'email' | 'social' | 'email_verification' }
  | { event: 'view_item_list'; ecommerce: { item_list_id: string; item_list_name: string; items: EcommerceItem[] } }
  | { event: 'begin_checkout' | 'purchase' | 'purchase_success'; ecommerce: Ecommerce }
  | { event: 'purchase_failed'; ecommerce: Ecommerce; failure_message: string | null }

declare global {
  interface Window {
    dataLayer?: unknown[]
  }
}

let enabled = false

/** On when the channel has a google tag (called at start-up with the channel's settings). */
export function enableDataLayer(googleTag: string | null | undefined) {
  enabled = Boolean(googleTag)
  if (enabled && typeof window !== 'undefined') window.dataLayer = window.dataLayer ?? []
}

export const dataLayerEnabled = () => enabled

export function pushDataLayer(
  event: DataLayerEvent,
  target: { dataLayer?: unknown[] } | undefined = globalThis.window,
) {
  if (!enabled || !target) return
  target.dataLayer = target.dataLayer ?? []
  // GA4 asks for the previous ecommerce object to be cleared before a new one.
  if ('ecommerce' in event) target.dataLayer.push({ ecommerce: null })
  target.dataLayer.push(event)
}

/** One pass (or bundle) as an ecommerce item. */
export const passItem = (p: {
  id: number
  name: string
  kind: string
  price: number
  service_fee: number
}): EcommerceItem => ({
  item_id: String(p.id),
  item_name: p.name,
  item_category: p.kind,
  price: p.price,
  quantity: 1,
  service_fee: p.service_fee,
})

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
    tax: q.tax,
    ...(q.coupon ? { coupon: q.coupon } : {}),
    items: [
      {
        ...passItem({ ...q.item, price: q.price, service_fee: q.serviceFee }),
        ...(q.discount > 0 ? { discount: q.discount } : {}),
      },
    ],
  }
}

/**
 * page_view once per route change, with the page's own title: pages set their title just after they
 * render (a lazy page later still), so the event waits for the title (`pageTitleSet`) or `waitMs`,
 * whichever comes first.
 */
export function createPageViews({
  push = pushDataLayer,
  title = () => document.title,
  location = () => window.location.href,
  waitMs = 1000,
}: {
  push?: (event: DataLayerEvent) => void
  title?: () => string
  location?: () => string
  waitMs?: number
} = {}) {
  let pending: { path: string; timer: ReturnType<typeof setTimeout> } | null = null
  const flush = () => {
    if (!pending) return
    clearTimeout(pending.timer)
    const { path } = pending
    pending = null
    push({ event: 'page_view', page_path: path, page_location: location(), page_title: title() })
  }
  return {
    /** The route changed to `path` (pathname and search). */
    routeChanged(path: string) {
      flush()
      pending = { path, timer: setTimeout(flush, waitMs) }
    },
    /** The page has set its title. */
    pageTitleSet: flush,
  }
}

export const pageViews = createPageViews()

/** Test seam: the switch off again. */
export const resetDataLayer = () => {
  enabled = false
}
