import { messages, passesLuhn, TEST_CARDS } from '@fieldhouse/contract'
import { CardError } from './gateway.js'

/** What a test card number does when charged (Stripe's test cards). */
export function testCardOutcome(number: string): { ok: true } | { ok: false; message: string } {
  if (number === TEST_CARDS.success) return { ok: true }
  if (number === TEST_CARDS.declined) return { ok: false, message: messages.cardDeclined }
  if (number === TEST_CARDS.insufficientFunds) return { ok: false, message: messages.insufficientFunds }
  return { ok: false, message: messages.testModeCardsOnly }
}

/**
 * A raw card as Stripe checks it before charging (number, security code, expiry at `now`), in Stripe's
 * words; its number without spaces or dashes, its brand and last four when it passes.
 */
export function checkTestCard(
  card: { number: string; cvc: string; expMonth: number; expYear: number },
  now: number,
): { number: string; brand: string; last4: string } {
  const number = card.number.replace(/[\s-]/g, '')
  if (!/^\d{12,19}$/.test(number) || !passesLuhn(number)) throw new CardError('Your card number is incorrect.')
  if (!/^\d{3,4}$/.test(card.cvc)) throw new CardError("Your card's security code is incorrect.")
  const today = new Date(now)
  const expired =
    card.expYear < today.getUTCFullYear() ||
    (card.expYear === today.getUTCFullYear() && card.expMonth < today.getUTCMonth() + 1)
  if (expired) throw new CardError('Your card has expired.')
  const brand = number.startsWith('4') ? 'visa' : number.startsWith('5') ? 'mastercard' : 'card'
  return { number, brand, last4: number.slice(-4) }
}
