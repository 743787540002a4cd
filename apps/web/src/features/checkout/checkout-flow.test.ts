import type { PriceQuote } from '@fieldhouse/contract'
import { anOrder } from '@fieldhouse/contract/fixtures'
import { describe, expect, it } from 'vitest'
import { orderPollInterval } from '../../lib/entities/account/use-order'
import {
  type CheckoutItem,
  checkoutCall,
  checkoutLines,
  checkoutReducer,
  couponType,
  initialCheckout,
  localQuote,
  trialOffered,
} from './checkout-flow'

const item = (i: Partial<CheckoutItem> = {}): CheckoutItem => ({
  id: 3,
  kind: 'package',
  name: 'Basketball Package',
  price: 49.99,
  serviceFee: 1.5,
  currency: 'USD',
  trialDays: 0,
  ...i,
})
const quote = (q: Partial<PriceQuote> = {}): PriceQuote => ({
  price: 49.99,
  discount: 0,
  service_fee: 1.5,
  tax: 0,
  total: 51.49,
  currency: 'USD',
  coupon: null,
  trial_ends_at: null,
  ...q,
})

describe('the checkout state machine', () => {
  const start = initialCheckout('key-1')

  it('goes from the form to processing when the order comes back created, then settles by polling', () => {
    const placed = checkoutReducer(start, { type: 'placed', order: anOrder({ id: 7, status: 'created' }) })
    expect(placed.phase).toEqual({ kind: 'processing', orderId: 7 })
    const still = checkoutReducer(placed, { type: 'polled', order: anOrder({ id: 7, status: 'created' }) })
    expect(still).toBe(placed)
    const paid = checkoutReducer(still, { type: 'polled', order: anOrder({ id: 7, status: 'paid' }) })
    expect(paid.phase.kind).toBe('paid')
    expect(paid.idempotencyKey).toBe('key-1')
  })

  it('fails with the order (its failure message), and "Try again" starts a new checkout with a new key', () => {
    const processing = checkoutReducer(start, { type: 'placed', order: anOrder({ id: 8, status: 'created' }) })
    const declined = anOrder({ id: 8, status: 'failed', failure_message: 'Your card was declined.' })
    const failed = checkoutReducer(processing, { type: 'polled', order: declined })
    expect(failed.phase).toEqual({ kind: 'failed', order: declined })
    const again = checkoutReducer(failed, { type: 'retry', idempotencyKey: 'key-2' })
    expect(again).toEqual({ phase: { kind: 'form' }, idempotencyKey: 'key-2' })
  })

  it('settles at once when the checkout call already knows (a card refused before any event)', () => {
    const refused = anOrder({ id: 9, status: 'failed' })
    expect(checkoutReducer(start, { type: 'placed', order: refused }).phase.kind).toBe('failed')
    expect(checkoutReducer(start, { type: 'placed', order: anOrder({ status: 'paid' }) }).phase.kind).toBe('paid')
  })

  it('ignores answers that do not belong: another order, a poll before placing, a retry while paying', () => {
    const processing = checkoutReducer(start, { type: 'placed', order: anOrder({ id: 7, status: 'created' }) })
    expect(checkoutReducer(processing, { type: 'polled', order: anOrder({ id: 6, status: 'paid' }) })).toBe(processing)
    expect(checkoutReducer(start, { type: 'polled', order: anOrder({ id: 7, status: 'paid' }) })).toBe(start)
    expect(checkoutReducer(processing, { type: 'retry', idempotencyKey: 'x' })).toBe(processing)
    expect(checkoutReducer(processing, { type: 'placed', order: anOrder({ id: 5, status: 'paid' }) })).toBe(processing)
  })

  it('hands 3-D Secure to Stripe.js, then polls the order until the provider settles it', () => {
    const nextAction = { type: 'stripe_3ds' as const, client_secret: 'pi_1_secret_abc' }
    const placed = checkoutReducer(start, {
      type: 'placed',
      order: anOrder({ id: 7, status: 'created', next_action: nextAction }),
    })
    expect(placed.phase).toEqual({ kind: 'authenticating', orderId: 7, clientSecret: 'pi_1_secret_abc' })
    // Polls and other orders' answers do not cut the bank's page short.
    expect(checkoutReducer(placed, { type: 'polled', order: anOrder({ id: 7, status: 'paid' }) })).toBe(placed)
    expect(checkoutReducer(placed, { type: 'authenticated', orderId: 8 })).toBe(placed)
    const waiting = checkoutReducer(placed, { type: 'authenticated', orderId: 7 })
    expect(waiting.phase).toEqual({ kind: 'processing', orderId: 7, authenticated: true })
    // The provider has not heard yet: the next action is still on the order, and is not asked again.
    const still = checkoutReducer(waiting, {
      type: 'polled',
      order: anOrder({ id: 7, status: 'created', next_action: nextAction }),
    })
    expect(still).toBe(waiting)
    expect(checkoutReducer(still, { type: 'polled', order: anOrder({ id: 7, status: 'paid' }) }).phase.kind).toBe(
      'paid',
    )
    const refused = anOrder({ id: 7, status: 'failed', failure_message: 'We are unable to authenticate your payment.' })
    expect(checkoutReducer(still, { type: 'polled', order: refused }).phase).toEqual({ kind: 'failed', order: refused })
  })

  it('starts 3-D Secure from a poll when the checkout’s own answer did not bring it', () => {
    const processing = checkoutReducer(start, { type: 'placed', order: anOrder({ id: 7, status: 'created' }) })
    const polled = checkoutReducer(processing, {
      type: 'polled',
      order: anOrder({ id: 7, status: 'created', next_action: { type: 'stripe_3ds', client_secret: 's' } }),
    })
    expect(polled.phase).toEqual({ kind: 'authenticating', orderId: 7, clientSecret: 's' })
    expect(
      checkoutReducer(processing, { type: 'polled', order: anOrder({ id: 7, next_action: null, status: 'created' }) }),
    ).toBe(processing)
  })

  it('polls every 2 s (spec §4) while the order is created or not known yet, never once settled', () => {
    expect(orderPollInterval(undefined)).toBe(2000)
    expect(orderPollInterval({ status: 'created' })).toBe(2000)
    expect(orderPollInterval({ status: 'paid' })).toBe(false)
    expect(orderPollInterval({ status: 'failed' })).toBe(false)
    expect(orderPollInterval({ status: 'refunded' })).toBe(false)
  })
})

describe('the summary lines', () => {
  it('are the list price and the fee before any code', () => {
    const lines = checkoutLines({
      item: item(),
      preview: undefined,
      couponQuote: null,
      appliedCode: null,
      trial: false,
    })
    expect(lines).toMatchObject({ price: 49.99, discount: 0, service_fee: 1.5, total: 51.49, dueToday: 51.49 })
    expect(localQuote(item({ price: 9.99, serviceFee: 0.99 })).total).toBe(10.98)
  })

  it('take the promo code off: total = price − discount + fee', () => {
    const couponQuote = quote({ discount: 10, coupon: 'FIELDHOUSE20', total: 41.49 })
    const lines = checkoutLines({
      item: item(),
      preview: undefined,
      couponQuote,
      appliedCode: 'FIELDHOUSE20',
      trial: false,
    })
    expect(lines).toMatchObject({ discount: 10, total: 41.49, dueToday: 41.49, coupon: 'FIELDHOUSE20' })
  })

  it('follow a subscription’s invoice preview once it has the applied code, the coupon quote meanwhile', () => {
    const sub = item({ kind: 'subscription', price: 14.99, serviceFee: 0, trialDays: 7 })
    const plain = quote({ price: 14.99, service_fee: 0, total: 14.99, trial_ends_at: '2026-11-29T00:00:00Z' })
    const withCode = quote({ price: 14.99, service_fee: 0, discount: 3, total: 11.99, coupon: 'FIELDHOUSE20' })
    const stale = checkoutLines({
      item: sub,
      preview: plain,
      couponQuote: withCode,
      appliedCode: 'FIELDHOUSE20',
      trial: false,
    })
    expect(stale.total).toBe(11.99)
    const fresh = checkoutLines({
      item: sub,
      preview: { ...withCode, discount: 3.01 },
      couponQuote: withCode,
      appliedCode: 'FIELDHOUSE20',
      trial: false,
    })
    expect(fresh.discount).toBe(3.01)
  })

  it('charge nothing today while a free trial runs', () => {
    const sub = item({ kind: 'subscription', price: 14.99, serviceFee: 0, trialDays: 7 })
    const lines = checkoutLines({ item: sub, preview: undefined, couponQuote: null, appliedCode: null, trial: true })
    expect(lines).toMatchObject({ total: 14.99, dueToday: 0 })
  })
})

describe('which call places the order', () => {
  it('is buy_bundle, start_trial, buy by single-event package, or buy by id', () => {
    expect(checkoutCall(item({ kind: 'bundle', id: 1 }), false, null)).toEqual({
      call: 'buy_bundle',
      target: { bundle_id: 1 },
    })
    expect(checkoutCall(item({ kind: 'subscription', id: 2, trialDays: 7 }), true, 4)).toEqual({
      call: 'start_trial',
      target: { subscription_id: 2 },
    })
    expect(checkoutCall(item({ kind: 'subscription', id: 2 }), false, null)).toEqual({ call: 'buy', target: { id: 2 } })
    expect(checkoutCall(item({ kind: 'event', id: 9 }), false, 3)).toEqual({
      call: 'buy',
      target: { single_event_package_id: 9, event_id: 3 },
    })
    expect(checkoutCall(item({ kind: 'addon', id: 5 }), false, 3)).toEqual({ call: 'buy', target: { id: 5 } })
  })

  it('names the coupon type apply_coupon takes', () => {
    expect(couponType('addon')).toBe('package')
    expect(couponType('bundle')).toBe('bundle')
    expect(couponType('event')).toBe('event')
  })

  it('offers the trial only to a viewer who never had one, for a pass that has one', () => {
    expect(trialOffered({ kind: 'subscription', trialDays: 7 }, false)).toBe(true)
    expect(trialOffered({ kind: 'subscription', trialDays: 7 }, true)).toBe(false)
    expect(trialOffered({ kind: 'subscription', trialDays: 7 }, undefined)).toBe(false)
    expect(trialOffered({ kind: 'subscription', trialDays: 0 }, false)).toBe(false)
    expect(trialOffered({ kind: 'package', trialDays: 7 }, false)).toBe(false)
  })
})
