import { messages, TEST_CARDS } from '@fieldhouse/contract'
import { describe, expect, it } from 'vitest'
import { CardError } from './gateway.js'
import { checkTestCard, testCardOutcome } from './test-cards.js'

const december2026 = Date.parse('2026-12-02T10:00:00Z')
const card = (over: Partial<{ number: string; cvc: string; expMonth: number; expYear: number }> = {}) => ({
  number: '4242 4242 4242 4242',
  cvc: '123',
  expMonth: 12,
  expYear: 2030,
  ...over,
})

describe("the test gateway's cards (Stripe's test cards)", () => {
  it('pays with 4242…, declines 0002, has no funds on 9995, and takes no other card', () => {
    expect(testCardOutcome(TEST_CARDS.success)).toEqual({ ok: true })
    expect(testCardOutcome(TEST_CARDS.declined)).toEqual({ ok: false, message: messages.cardDeclined })
    expect(testCardOutcome(TEST_CARDS.insufficientFunds)).toEqual({ ok: false, message: messages.insufficientFunds })
    expect(testCardOutcome('5555555555554444')).toEqual({ ok: false, message: messages.testModeCardsOnly })
  })

  it('reads a number with spaces or dashes, and names its brand and last four', () => {
    expect(checkTestCard(card(), december2026)).toEqual({ number: '4242424242424242', brand: 'visa', last4: '4242' })
    expect(checkTestCard(card({ number: '5555-5555-5555-4444' }), december2026)).toMatchObject({
      brand: 'mastercard',
      last4: '4444',
    })
    expect(checkTestCard(card({ number: '378282246310005' }), december2026).brand).toBe('card')
  })

  it('refuses a bad number, a bad security code and an expired card in Stripe’s words', () => {
    const refusal = (c: ReturnType<typeof card>) => {
      try {
        checkTestCard(c, december2026)
      } catch (error) {
        expect(error).toBeInstanceOf(CardError)
        return (error as Error).message
      }
      return null
    }
    expect(refusal(card({ number: '4242 4242 4242 4241' }))).toBe('Your card number is incorrect.')
    expect(refusal(card({ number: '4242' }))).toBe('Your card number is incorrect.')
    expect(refusal(card({ cvc: '12' }))).toBe("Your card's security code is incorrect.")
    expect(refusal(card({ expYear: 2025 }))).toBe('Your card has expired.')
    expect(refusal(card({ expYear: 2026, expMonth: 11 }))).toBe('Your card has expired.')
    // A card is good to the end of its expiry month.
    expect(refusal(card({ expYear: 2026, expMonth: 12 }))).toBeNull()
  })
})
