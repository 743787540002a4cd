import { describe, expect, it } from 'vitest'
import {
  cardFormDefaults,
  cardFormSchema,
  formatCardNumber,
  formatExpiry,
  isExpired,
  NEW_CARD,
  parseExpiry,
  typedCardPayment,
} from './card-form'

const now = new Date('2026-11-22T12:00:00Z')
const problems = (values: Partial<ReturnType<typeof cardFormDefaults>>, typedCard = true) => {
  const result = cardFormSchema({ now, typedCard }).safeParse({ ...cardFormDefaults(), ...values })
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]))
}

describe('expiry', () => {
  it('parses MM/YY and MM/YYYY', () => {
    expect(parseExpiry('12/34')).toEqual({ month: 12, year: 2034 })
    expect(parseExpiry(' 1 / 2030 ')).toEqual({ month: 1, year: 2030 })
    expect(parseExpiry('13/30')).toBeNull()
    expect(parseExpiry('00/30')).toBeNull()
    expect(parseExpiry('1230')).toBeNull()
    expect(parseExpiry('12/345')).toBeNull()
  })

  it('lasts to the end of its month', () => {
    expect(isExpired({ month: 11, year: 2026 }, now)).toBe(false)
    expect(isExpired({ month: 10, year: 2026 }, now)).toBe(true)
    expect(isExpired({ month: 1, year: 2027 }, now)).toBe(false)
    expect(isExpired({ month: 12, year: 2025 }, now)).toBe(true)
  })

  it('puts the slash in as it is typed, and lets it be deleted', () => {
    expect(formatExpiry('1', '')).toBe('1')
    expect(formatExpiry('12', '1')).toBe('12/')
    expect(formatExpiry('12/3', '12/')).toBe('12/3')
    expect(formatExpiry('1234', '')).toBe('12/34')
    expect(formatExpiry('12/34', '')).toBe('12/34')
    expect(formatExpiry('12', '12/')).toBe('12')
  })
})

describe('card number', () => {
  it('groups digits in fours as typed', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242')
    expect(formatCardNumber('4242-42x')).toBe('4242 42')
  })
})

describe('the payment part of /buy', () => {
  it('asks for a saved card or a new one in the spec’s words when nothing is given', () => {
    expect(problems({ choice: NEW_CARD })).toEqual({ choice: 'spec.paymentCardRequired' })
    expect(problems({ choice: '' })).toEqual({ choice: 'spec.paymentCardRequired' })
  })

  it('names what is wrong with a typed card, field by field', () => {
    expect(problems({ number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' })).toEqual({})
    expect(problems({ number: '4242', expiry: '10/26', cvc: '1' })).toEqual({
      number: 'checkout.cardNumberInvalid',
      expiry: 'checkout.expiryPast',
      cvc: 'checkout.cvcInvalid',
    })
    expect(problems({ number: '4242 4242 4242 4241', expiry: '1/2', cvc: '1234' })).toEqual({
      number: 'checkout.cardNumberInvalid',
      expiry: 'checkout.expiryInvalid',
    })
  })

  it('needs nothing more for a saved card, nor when Stripe’s own field takes the card', () => {
    expect(problems({ choice: 'card_123' })).toEqual({})
    expect(problems({ choice: NEW_CARD }, false)).toEqual({})
  })

  it('sends the digits, the month and four-digit year, and the save choice', () => {
    expect(
      typedCardPayment({ choice: NEW_CARD, number: '4242 4242 4242 4242', expiry: '12/34', cvc: ' 123 ', save: false }),
    ).toEqual({
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
      save_card: false,
    })
  })
})
