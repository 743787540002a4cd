import { describe, expect, it } from 'vitest'
import { PromoCodeSchema } from './commerce.js'
import { anOrder, aPass } from './fixtures.js'
import { ecommerceValue, isPaidAndActive, passesLuhn, passFlags, priceTitle, TEST_CARDS } from './pricing.js'

const pass = aPass
const order = anOrder

describe('price label (spec §9)', () => {
  it('is the symbol and price, with /period and the offer for subscriptions', () => {
    expect(priceTitle(pass({}))).toBe('$49.99')
    expect(priceTitle(pass({ period: 'annual', offer: 'annual', price: 99.99 }))).toBe('$99.99/year annual')
    expect(priceTitle(pass({ period: 'monthly', offer: 'monthly', price: 14.99 }))).toBe('$14.99/month monthly')
    expect(priceTitle(pass({ period: 'month', offer: 'special', price: 5 }))).toBe('$5.00/month monthly')
    expect(priceTitle(pass({ currency: 'CAD', price: 3 }))).toBe('$3.00')
    expect(priceTitle(pass({ currency: 'EUR', price: 3 }))).toBe('€3.00')
    expect(priceTitle(pass({ currency: 'EUR', price: 3, period: 'annual', offer: 'annual' }), 'fr')).toBe(
      '3,00\u00a0€/year annual',
    )
    expect(priceTitle(pass({ currency: 'JPY', price: 1500 }))).toBe('¥1,500')
  })

  it('ecommerce value is price − discount + tax, with the service fee', () => {
    expect(ecommerceValue({ price: 49.99, discount: 10, tax: 0, service_fee: 1.5 })).toBe(41.49)
  })
})

describe('purchased flags (spec §4)', () => {
  it('an order opens what it bought only while it is paid and active', () => {
    expect(isPaidAndActive(order({}))).toBe(true)
    for (const status of ['created', 'failed', 'refunded'] as const)
      expect(isPaidAndActive(order({ status }))).toBe(false)
    for (const activity_status of ['inactive', 'expired', 'canceled'] as const)
      expect(isPaidAndActive(order({ activity_status }))).toBe(false)
  })

  it('a pass is purchased when a paid, active order of it exists', () => {
    const p = pass({ id: 7, kind: 'subscription' })
    expect(passFlags(p, [order({ product: { id: 7 } })]).purchased).toBe(true)
    expect(passFlags(p, [order({ status: 'failed', product: { id: 7 } })]).purchased).toBe(false)
    expect(passFlags(p, [order({ activity_status: 'expired', product: { id: 7 } })]).purchased).toBe(false)
  })

  it('a package once every category is covered; a team pass once every team is', () => {
    const pkg = pass({ id: 3, event_categories: [10, 11] })
    const one = order({ product: { event_category_id: 10 } })
    expect(passFlags(pkg, [one])).toMatchObject({ purchased: false, disabledCategories: [10] })
    expect(passFlags(pkg, [one, order({ product: { event_category_id: 11 } })]).purchased).toBe(true)
    const team = pass({ id: 4, is_team_pass: true, participants: [5, 6] })
    expect(passFlags(team, [order({ product: { participant_id: 5 } })])).toMatchObject({
      purchased: false,
      disabledParticipants: [5],
    })
  })

  it('names add-ons additional and the rest regular', () => {
    expect(passFlags(pass({ pass_type: 'addition' }), []).passType).toBe('additional')
    expect(passFlags(pass({}), []).passType).toBe('regular')
  })
})

describe('card numbers', () => {
  it('passes the Luhn check for the test cards, not for a mistyped digit', () => {
    expect(passesLuhn(TEST_CARDS.success)).toBe(true)
    expect(passesLuhn(TEST_CARDS.declined)).toBe(true)
    expect(passesLuhn(TEST_CARDS.insufficientFunds)).toBe(true)
    expect(passesLuhn('4242424242424241')).toBe(false)
    expect(passesLuhn('')).toBe(false)
  })
})

describe('promo code (spec §5 length rule)', () => {
  const problem = (code: string) => PromoCodeSchema.safeParse(code).error?.issues[0]?.message ?? null

  it('refuses a code shorter or longer than any the console makes, in the length rule’s words', () => {
    expect(problem('AB')).toBe('The field length must be greater than 2')
    expect(problem(`  ${'X'.repeat(51)} `)).toBe('The field length must be less than 51')
  })

  it('takes a code of 3 to 50 characters, spaces around it aside', () => {
    expect(problem(' ABC ')).toBeNull()
    expect(PromoCodeSchema.parse(' SPRING25 ')).toBe('SPRING25')
    expect(problem('X'.repeat(50))).toBeNull()
  })
})
