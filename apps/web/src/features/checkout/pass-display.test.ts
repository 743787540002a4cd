import { aBundle, anOrder, aPass } from '@fieldhouse/contract/fixtures'
import { describe, expect, it } from 'vitest'
import { bundleHeld, coveredParts, passSections, priceLabel } from './pass-display'

describe('price label on a card (spec §9)', () => {
  it('splits the contract’s label into the amount and /period offer, with the base price struck when higher', () => {
    expect(priceLabel(aPass({ price: 99.99, base_price: 119.99, period: 'annual', offer: 'annual' }))).toEqual({
      title: '$99.99/year annual',
      amount: '$99.99',
      period: '/year annual',
      was: '$119.99',
    })
    expect(priceLabel(aPass({ price: 14.99, base_price: 14.99, period: 'monthly', offer: 'monthly' }))).toEqual({
      title: '$14.99/month monthly',
      amount: '$14.99',
      period: '/month monthly',
      was: null,
    })
    expect(priceLabel(aPass({ price: 49.99, base_price: 40 }))).toMatchObject({
      amount: '$49.99',
      period: null,
      was: null,
    })
    expect(priceLabel(aBundle({ currency: 'EUR' }))).toMatchObject({ title: '€49.99', was: '€54.98' })
  })
})

describe('the packages page’s sections', () => {
  it('lists subscriptions, packages, add-ons and bundles, heavier first, and no single-game passes', () => {
    const sections = passSections(
      [
        aPass({ id: 3, kind: 'package', weight: 1 }),
        aPass({ id: 4, kind: 'package', weight: 5 }),
        aPass({ id: 5, kind: 'addon' }),
        aPass({ id: 9, kind: 'event', event_id: 12 }),
      ],
      [aPass({ id: 1, kind: 'subscription' })],
      [aBundle()],
    )
    expect(sections.subscriptions.map((p) => p.id)).toEqual([1])
    expect(sections.packages.map((p) => p.id)).toEqual([4, 3])
    expect(sections.addons.map((p) => p.id)).toEqual([5])
    expect(sections.bundles).toHaveLength(1)
  })
})

describe('what a package covers (spec §3 disabled categories and participants)', () => {
  const names = {
    categories: new Map([
      [10, "Men's Basketball"],
      [11, "Women's Basketball"],
    ]),
    participants: new Map([[20, 'Northfield Eagles']]),
  }

  it('names each sport and team and marks the ones the viewer holds', () => {
    const pass = aPass({ id: 3, event_categories: [10, 11] })
    const orders = [anOrder({ product: { id: 8, event_category_id: 10 } })]
    expect(coveredParts(pass, orders, names).categories).toEqual([
      { id: 10, name: "Men's Basketball", held: true },
      { id: 11, name: "Women's Basketball", held: false },
    ])
    const team = aPass({ id: 4, is_team_pass: true, participants: [20, 21] })
    expect(coveredParts(team, [], names).participants).toEqual([
      { id: 20, name: 'Northfield Eagles', held: false },
      { id: 21, name: '#21', held: false },
    ])
  })

  it('ignores failed or ended orders', () => {
    const pass = aPass({ id: 3, event_categories: [10] })
    const orders = [
      anOrder({ status: 'failed', product: { event_category_id: 10 } }),
      anOrder({ activity_status: 'expired', product: { event_category_id: 10 } }),
    ]
    expect(coveredParts(pass, orders, names).categories[0]?.held).toBe(false)
  })
})

describe('a bundle against what the viewer holds', () => {
  const passes = [aPass({ id: 3, name: 'Basketball Package' }), aPass({ id: 5, kind: 'addon', name: 'Video Library' })]
  it('is open, partly held (refused by the server), or all held', () => {
    expect(bundleHeld(aBundle(), passes, []).state).toBe('none')
    const some = bundleHeld(aBundle(), passes, [anOrder({ product: { id: 3 } })])
    expect(some).toEqual({
      state: 'some',
      held: ['Basketball Package'],
      names: ['Basketball Package', 'Video Library'],
    })
    const all = bundleHeld(aBundle(), passes, [anOrder({ product: { id: 3 } }), anOrder({ product: { id: 5 } })])
    expect(all.state).toBe('all')
  })
})
