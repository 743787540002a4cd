import { ecommerceValue } from '@fieldhouse/contract'

/**
 * Web ecommerce analytics (spec §1, §7, §9): GA4 ecommerce events for the channel's Google tag
 * (`settings['google-analytics']['google-tag']`). Nothing is pushed, no array is made and no script
 * is loaded unless the channel has one (`enableDataLayer`). Which script reads them depends on the
 * tag's kind:
 * - a Tag Manager container (`GTM-…`): `gtm.js` is loaded and the events go to `window.dataLayer` in
 *   the shape its GA4 ecommerce tags read (`{ event, ecommerce }`, the previous ecommerce object
 *   cleared first);
 * - a Google tag (`G-…`, `AW-…`): `gtag.js` is loaded with the tag configured (page views are ours,
 *   so its own are off) and each event is sent as `gtag('event', name, params)`, GA4's documented
 *   form, the ecommerce fields as its parameters.
 * The server's page policy allows Google's tag hosts only for a channel that has a tag.
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

/** Which Google script reads the events, from the tag's form; null for no (or no valid) tag. */
export function googleTagKind(tag: string | null | undefined): 'tag-manager' | 'gtag' | null {
  if (!tag) return null
  if (/^GTM-[A-Z0-9]{4,12}$/.test(tag)) return 'tag-manager'
  if (/^(?:G|AW|DC)-[A-Z0-9]{4,16}$/.test(tag)) return 'gtag'
  return null
}

let mode: ReturnType<typeof googleTagKind> = null

/**
 * On when the channel has a google tag (called at start-up with the channel's settings): makes the
 * dataLayer and, with `load`, adds Google's script for the tag to the page.
 */
export function enableDataLayer(
  googleTag: string | null | undefined,
  target: { dataLayer?: unknown[] } | undefined = globalThis.window,
  load: (src: string) => void = addScript,
) {
  mode = googleTagKind(googleTag)
  if (!mode || !target || !googleTag) return
  target.dataLayer = target.dataLayer ?? []
  const id = encodeURIComponent(googleTag)
  if (mode === 'tag-manager') {
    target.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' })
    load(`https://www.googletagmanager.com/gtm.js?id=${id}`)
  } else {
    gtagCommand(target.dataLayer, 'js', new Date())
    gtagCommand(target.dataLayer, 'config', googleTag, { send_page_view: false })
    load(`https://www.googletagmanager.com/gtag/js?id=${id}`)
  }
}

function addScript(src: string) {
  if (typeof document === 'undefined') return
  const script = document.createElement('script')
  script.async = true
  script.src = src
  document.head.appendChild(script)
}

/** gtag.js reads its commands as `arguments` objects, which is what its own `gtag()` pushes. */
function gtagCommand(dataLayer: unknown[], ...command: unknown[]) {
  const gtag = function (..._: unknown[]) {
    // biome-ignore lint/complexity/noArguments: gtag.js tells a command from an event object by this shape.
    dataLayer.push(arguments)
  }
  gtag(...command)
}

const withoutEcommerce = <T extends { ecommerce?: unknown }>({ ecommerce: _, ...rest }: T) => rest

export const dataLayerEnabled = () => mode !== null

export function pushDataLayer(
  event: DataLayerEvent,
  target: { dataLayer?: unknown[] } | undefined = globalThis.window,
) {
  if (!mode || !target) return
  target.dataLayer = target.dataLayer ?? []
  if (mode === 'gtag') {
    const { event: name, ...rest } = event
    const params = 'ecommerce' in rest ? { ...rest.ecommerce, ...withoutEcommerce(rest) } : rest
    gtagCommand(target.dataLayer, 'event', name, params)
    return
  }
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

/** A checkout's pass, value and currency, for product analytics' funnel events (its `CommerceItem`). */
export const commerceItemOf = (e: Ecommerce) => ({
  item_id: e.items[0]?.item_id ?? null,
  item_name: e.items[0]?.item_name ?? null,
  value: e.value,
  currency: e.currency,
})

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
  mode = null
}
