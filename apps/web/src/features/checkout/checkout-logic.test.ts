import { aPass } from '@fieldhouse/contract/fixtures'
import { describe, expect, it } from 'vitest'
import { checkoutHref, choosePassHref, newIdempotencyKey, parseCheckoutTarget } from './checkout-logic'

describe('checkout target (spec §3 query names)', () => {
  const target = (q: string) => parseCheckoutTarget(new URLSearchParams(q))

  it('reads each kind from its own query name', () => {
    expect(target('package_id=4')).toEqual({ kind: 'package', id: 4, eventId: null })
    expect(target('subscription_id=2&event_id=7')).toEqual({ kind: 'subscription', id: 2, eventId: 7 })
    expect(target('single_event_package_id=9&event_id=3')).toEqual({ kind: 'event', id: 9, eventId: 3 })
    expect(target('bundle_id=1&event_id=3')).toEqual({ kind: 'bundle', id: 1, eventId: null })
  })

  it('takes digits only, and nothing is nothing', () => {
    expect(target('package_id=abc')).toBeNull()
    expect(target('package_id=-4')).toBeNull()
    expect(target('package_id=0')).toBeNull()
    expect(target('package_id=4&event_id=x')).toEqual({ kind: 'package', id: 4, eventId: null })
    expect(target('')).toBeNull()
  })

  it('links each kind of pass to its checkout, with the game it opens', () => {
    expect(checkoutHref({ id: 2, kind: 'subscription', event_id: null })).toBe('/buy?subscription_id=2')
    expect(checkoutHref({ id: 9, kind: 'event', event_id: 3 })).toBe('/buy?single_event_package_id=9&event_id=3')
    expect(checkoutHref({ id: 4, kind: 'package', event_id: null }, 7)).toBe('/buy?package_id=4&event_id=7')
    expect(checkoutHref({ id: 5, kind: 'addon', event_id: null })).toBe('/buy?package_id=5')
  })

  it('sends a package that covers sports or teams to /select-package/{id} first', () => {
    expect(choosePassHref(aPass({ id: 3, event_categories: [1] }))).toBe('/select-package/3')
    expect(choosePassHref(aPass({ id: 4, is_team_pass: true, participants: [8] }))).toBe('/select-package/4')
    expect(choosePassHref(aPass({ id: 5, kind: 'addon' }))).toBe('/buy?package_id=5')
    expect(choosePassHref(aPass({ id: 2, kind: 'subscription' }))).toBe('/buy?subscription_id=2')
  })
})

describe('idempotency keys', () => {
  it('makes a fresh idempotency key each time, long enough for the contract', () => {
    const a = newIdempotencyKey()
    expect(a.length).toBeGreaterThanOrEqual(8)
    expect(newIdempotencyKey()).not.toBe(a)
  })
})
