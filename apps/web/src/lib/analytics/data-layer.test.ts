import { ecommerceValue } from '@fieldhouse/contract'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  checkoutEcommerce,
  commerceItemOf,
  createPageViews,
  type DataLayerEvent,
  enableDataLayer,
  googleTagKind,
  passItem,
  pushDataLayer,
  resetDataLayer,
} from './data-layer'

describe('ecommerce dataLayer', () => {
  afterEach(() => {
    resetDataLayer()
    vi.useRealTimers()
  })
  const target = () => ({ dataLayer: [] as unknown[] })
  const basketball = { id: 3, name: 'Basketball Package', kind: 'package' }

  it('loads Tag Manager for a GTM- container, gtag.js for a G- tag, nothing for anything else', () => {
    const loaded: string[] = []
    const gtm = target()
    enableDataLayer('GTM-AB12CD', gtm, (src) => loaded.push(src))
    expect(gtm.dataLayer[0]).toMatchObject({ event: 'gtm.js' })
    const gtag = target()
    enableDataLayer('G-TEST123', gtag, (src) => loaded.push(src))
    expect(loaded).toEqual([
      'https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD',
      'https://www.googletagmanager.com/gtag/js?id=G-TEST123',
    ])
    // gtag.js commands are `arguments` objects: js, then config with our own page views.
    expect(gtag.dataLayer.map((c) => Object.prototype.toString.call(c))).toEqual([
      '[object Arguments]',
      '[object Arguments]',
    ])
    expect(Array.from(gtag.dataLayer[1] as ArrayLike<unknown>)).toEqual([
      'config',
      'G-TEST123',
      { send_page_view: false },
    ])
    for (const bad of ['', 'UA', 'G-', 'GTM-x"><script>', 'javascript:alert(1)']) {
      expect(googleTagKind(bad)).toBeNull()
      enableDataLayer(bad, target(), (src) => loaded.push(src))
    }
    expect(loaded).toHaveLength(2)
  })

  it('sends events to a G- tag as gtag("event", name, params), the ecommerce fields as params', () => {
    const t = target()
    enableDataLayer('G-TEST123', t, () => {})
    t.dataLayer.length = 0
    const ecommerce = checkoutEcommerce({
      orderId: 7,
      currency: 'USD',
      price: 14.99,
      discount: 0,
      tax: 0,
      serviceFee: 0,
      item: basketball,
    })
    pushDataLayer({ event: 'purchase_failed', ecommerce, failure_message: 'Your card was declined.' }, t)
    expect(t.dataLayer).toHaveLength(1)
    const [command, name, params] = Array.from(t.dataLayer[0] as ArrayLike<unknown>)
    expect([command, name]).toEqual(['event', 'purchase_failed'])
    expect(params).toEqual({ ...ecommerce, failure_message: 'Your card was declined.' })
  })

  it('gives product analytics the checkout’s pass, value and currency', () => {
    const ecommerce = checkoutEcommerce({
      currency: 'USD',
      price: 14.99,
      discount: 0,
      tax: 0,
      serviceFee: 1,
      item: basketball,
    })
    expect(commerceItemOf(ecommerce)).toEqual({
      item_id: String(basketball.id),
      item_name: basketball.name,
      value: ecommerce.value,
      currency: 'USD',
    })
  })

  it('stays off without the channel’s google tag', () => {
    enableDataLayer(null)
    const t = target()
    pushDataLayer({ event: 'login', method: 'email' }, t)
    expect(t.dataLayer).toEqual([])
    enableDataLayer('')
    pushDataLayer({ event: 'login', method: 'email' }, t)
    expect(t.dataLayer).toEqual([])
  })

  it('pushes login as is, and clears the previous ecommerce object before each ecommerce event', () => {
    enableDataLayer('GTM-TEST123')
    const t = target()
    pushDataLayer({ event: 'login', method: 'social' }, t)
    pushDataLayer(
      {
        event: 'begin_checkout',
        ecommerce: checkoutEcommerce({
          currency: 'USD',
          price: 1,
          discount: 0,
          tax: 0,
          serviceFee: 0,
          item: basketball,
        }),
      },
      t,
    )
    expect(t.dataLayer[0]).toEqual({ event: 'login', method: 'social' })
    expect(t.dataLayer[1]).toEqual({ ecommerce: null })
    expect((t.dataLayer[2] as DataLayerEvent).event).toBe('begin_checkout')
  })

  it('values a purchase as price − discount + tax, with the service fee per item (spec §9)', () => {
    enableDataLayer('GTM-TEST123')
    const t = target()
    const ecommerce = checkoutEcommerce({
      orderId: 12,
      currency: 'USD',
      price: 49.99,
      discount: 10,
      tax: 0,
      serviceFee: 1.5,
      coupon: 'FIELDHOUSE20',
      item: basketball,
    })
    expect(ecommerce.value).toBe(ecommerceValue({ price: 49.99, discount: 10, tax: 0, service_fee: 1.5 }))
    pushDataLayer({ event: 'purchase', ecommerce }, t)
    expect(t.dataLayer).toEqual([
      { ecommerce: null },
      {
        event: 'purchase',
        ecommerce: {
          transaction_id: '12',
          currency: 'USD',
          value: 41.49,
          tax: 0,
          coupon: 'FIELDHOUSE20',
          items: [
            {
              item_id: '3',
              item_name: 'Basketball Package',
              item_category: 'package',
              price: 49.99,
              quantity: 1,
              service_fee: 1.5,
              discount: 10,
            },
          ],
        },
      },
    ])
  })

  it('says why a purchase failed, and leaves out what is not there (no order id, no code)', () => {
    enableDataLayer('GTM-TEST123')
    const t = target()
    const ecommerce = checkoutEcommerce({
      currency: 'CAD',
      price: 9.99,
      discount: 0,
      tax: 0.5,
      serviceFee: 0.99,
      item: basketball,
    })
    expect(ecommerce).toEqual({
      currency: 'CAD',
      value: 11.48,
      tax: 0.5,
      items: [
        {
          item_id: '3',
          item_name: 'Basketball Package',
          item_category: 'package',
          price: 9.99,
          quantity: 1,
          service_fee: 0.99,
        },
      ],
    })
    pushDataLayer({ event: 'purchase_failed', ecommerce, failure_message: 'Your card was declined.' }, t)
    expect(t.dataLayer[1]).toMatchObject({ event: 'purchase_failed', failure_message: 'Your card was declined.' })
  })

  it('lists the packages page’s passes as view_item_list items', () => {
    enableDataLayer('GTM-TEST123')
    const t = target()
    const items = [passItem({ id: 1, name: 'Season Pass', kind: 'subscription', price: 99.99, service_fee: 0 })]
    pushDataLayer(
      { event: 'view_item_list', ecommerce: { item_list_id: 'packages', item_list_name: 'Packages', items } },
      t,
    )
    expect(t.dataLayer[1]).toEqual({
      event: 'view_item_list',
      ecommerce: {
        item_list_id: 'packages',
        item_list_name: 'Packages',
        items: [
          {
            item_id: '1',
            item_name: 'Season Pass',
            item_category: 'subscription',
            price: 99.99,
            quantity: 1,
            service_fee: 0,
          },
        ],
      },
    })
  })

  it('sends page_view once per route, with the title the page sets, or after a second without one', () => {
    vi.useFakeTimers()
    const pushed: DataLayerEvent[] = []
    let title = 'Home · Fieldhouse'
    const views = createPageViews({
      push: (e) => pushed.push(e),
      title: () => title,
      location: () => 'https://tv.example/x',
      waitMs: 1000,
    })
    views.routeChanged('/packages')
    title = 'Packages · Fieldhouse'
    views.pageTitleSet()
    views.pageTitleSet()
    expect(pushed).toEqual([
      {
        event: 'page_view',
        page_path: '/packages',
        page_location: 'https://tv.example/x',
        page_title: 'Packages · Fieldhouse',
      },
    ])
    views.routeChanged('/buy?package_id=3')
    vi.advanceTimersByTime(1000)
    expect(pushed).toHaveLength(2)
    expect(pushed[1]).toMatchObject({ page_path: '/buy?package_id=3', page_title: 'Packages · Fieldhouse' })
    views.routeChanged('/profile')
    views.routeChanged('/profile/transactions')
    expect(pushed.map((e) => (e.event === 'page_view' ? e.page_path : ''))).toEqual([
      '/packages',
      '/buy?package_id=3',
      '/profile',
    ])
  })
})
