import { describe, expect, it } from 'vitest'
import { cardProblems, checkoutHref, formatCardNumber, money, parseCheckoutTarget, parseExpiry } from './checkout-logic'

describe('checkout target', () => {
  it('reads the spec’s query names', () => {
    expect(parseCheckoutTarget(new URLSearchParams('package_id=4'))).toEqual({ kind: 'pass', id: 4, eventId: null })
    expect(parseCheckoutTarget(new URLSearchParams('subscription_id=2'))).toEqual({
      kind: 'pass',
      id: 2,
      eventId: null,
    })
    expect(parseCheckoutTarget(new URLSearchParams('single_event_package_id=9&event_id=3'))).toEqual({
      kind: 'pass',
      id: 9,
      eventId: 3,
    })
    expect(parseCheckoutTarget(new URLSearchParams('bundle_id=1'))).toEqual({ kind: 'bundle', id: 1 })
    expect(parseCheckoutTarget(new URLSearchParams('package_id=abc'))).toBeNull()
    expect(parseCheckoutTarget(new URLSearchParams(''))).toBeNull()
  })

  it('links each kind of pass to its checkout', () => {
    expect(checkoutHref({ id: 2, kind: 'subscription', event_id: null })).toBe('/buy?subscription_id=2')
    expect(checkoutHref({ id: 9, kind: 'event', event_id: 3 })).toBe('/buy?single_event_package_id=9&event_id=3')
    expect(checkoutHref({ id: 4, kind: 'package', event_id: null }, 7)).toBe('/buy?package_id=4&event_id=7')
  })
})

describe('the new-card form', () => {
  const now = new Date('2026-11-22T00:00:00Z')
  it('parses expiry as MM/YY or MM/YYYY', () => {
    expect(parseExpiry('12/34')).toEqual({ month: 12, year: 2034 })
    expect(parseExpiry(' 1 / 2030 ')).toEqual({ month: 1, year: 2030 })
    expect(parseExpiry('13/30')).toBeNull()
    expect(parseExpiry('1230')).toBeNull()
  })

  it('names what is wrong, field by field', () => {
    expect(cardProblems({ number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }, now)).toEqual({})
    expect(cardProblems({ number: '4242', expiry: '10/26', cvc: '1' }, now)).toEqual({
      number: 'checkout.cardNumberInvalid',
      expiry: 'checkout.expiryPast',
      cvc: 'checkout.cvcInvalid',
    })
  })

  it('groups digits in fours and shows money with its symbol', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242')
    expect(formatCardNumber('4242-42x')).toBe('4242 42')
    expect(money(9.5, '$')).toBe('$9.50')
    expect(money(-2, '$')).toBe('−$2.00')
  })
})
