import type Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { gatewayEventOf } from './stripe.events.js'

const invoiceEvent = (type: 'invoice.paid' | 'invoice.payment_failed') =>
  ({
    id: 'evt_1',
    type,
    created: 1_800_000_000,
    data: {
      object: {
        id: 'in_1',
        amount_paid: 1499,
        currency: 'usd',
        billing_reason: 'subscription_cycle',
        metadata: {},
        parent: { subscription_details: { subscription: 'sub_1', metadata: { order_id: '42' } } },
        lines: { data: [{ period: { start: 1_800_000_000, end: 1_802_592_000 }, metadata: {} }] },
      },
    },
  }) as unknown as Stripe.Event

describe('gatewayEventOf', () => {
  it('gives a paid invoice the end of the period it pays for, so a renewal extends access with its ledger row', () => {
    const e = gatewayEventOf(invoiceEvent('invoice.paid'))
    expect(e).toMatchObject({
      type: 'invoice.paid',
      orderId: 42,
      subscriptionId: 'sub_1',
      paymentId: 'in_1',
      amount: 1499,
      billingReason: 'subscription_cycle',
      currentPeriodEnd: 1_802_592_000_000,
    })
  })

  it('does not extend anything for a failed invoice', () => {
    const e = gatewayEventOf(invoiceEvent('invoice.payment_failed'))
    expect(e?.type).toBe('invoice.payment_failed')
    expect(e?.currentPeriodEnd).toBeUndefined()
  })
})
