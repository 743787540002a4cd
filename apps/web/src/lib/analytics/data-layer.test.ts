import { afterEach, describe, expect, it } from 'vitest'
import { checkoutEcommerce, enableDataLayer, pushDataLayer, resetDataLayer } from './data-layer'

describe('ecommerce dataLayer', () => {
  afterEach(resetDataLayer)
  const target = () => ({ dataLayer: [] as unknown[] })

  it('stays off without the channel’s google tag', () => {
    enableDataLayer(null)
    const t = target()
    pushDataLayer({ event: 'login', method: 'email' }, t)
    expect(t.dataLayer).toEqual([])
  })

  it('pushes GA4-shaped events, clearing the previous ecommerce object first', () => {
    enableDataLayer('G-TEST123')
    const t = target()
    const ecommerce = checkoutEcommerce({
      orderId: 12,
      currency: 'USD',
      price: 49.99,
      discount: 10,
      tax: 0,
      serviceFee: 1.5,
      coupon: 'FIELDHOUSE20',
      item: { id: 3, name: 'Basketball Package', kind: 'package' },
    })
    pushDataLayer({ event: 'purchase', ecommerce }, t)
    expect(t.dataLayer).toEqual([
      { ecommerce: null },
      {
        event: 'purchase',
        ecommerce: {
          transaction_id: '12',
          currency: 'USD',
          value: 41.49,
          coupon: 'FIELDHOUSE20',
          items: [
            {
              item_id: '3',
              item_name: 'Basketball Package',
              item_category: 'package',
              price: 49.99,
              quantity: 1,
              service_fee: 1.5,
            },
          ],
        },
      },
    ])
  })
})
