import { passesLuhn } from '@fieldhouse/contract'
import { z } from 'zod'

/**
 * The payment part of `/buy`: a saved card (its id) or `new`, and for a new card on the test gateway its
 * number, expiry (MM/YY) and CVC. Messages are i18n keys; the spec's own sentence (§5) stands when
 * nothing was chosen or typed at all.
 */
export const NEW_CARD = 'new'

/** The i18n keys of the payment part's messages. */
export type CardFormMessage =
  | 'spec.paymentCardRequired'
  | 'checkout.cardNumberInvalid'
  | 'checkout.expiryInvalid'
  | 'checkout.expiryPast'
  | 'checkout.cvcInvalid'

export interface CardFormValues {
  /** A saved card's id, or `new`. */
  choice: string
  number: string
  expiry: string
  cvc: string
  save: boolean
}

export const cardFormDefaults = (savedCardId: string | null = null): CardFormValues => ({
  choice: savedCardId ?? NEW_CARD,
  number: '',
  expiry: '',
  cvc: '',
  save: true,
})

/** `MM/YY` or `MM/YYYY` (spaces allowed around the slash) → month and four-digit year, or null. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text)
  if (!m) return null
  const month = Number(m[1])
  const year = (m[2] as string).length === 2 ? 2000 + Number(m[2]) : Number(m[2])
  return month >= 1 && month <= 12 ? { month, year } : null
}

/** A card's last valid day is the end of its expiry month. */
export const isExpired = (expiry: { month: number; year: number }, now: Date) =>
  expiry.year < now.getFullYear() || (expiry.year === now.getFullYear() && expiry.month < now.getMonth() + 1)

/** The card number's digits (spaces and dashes as typed are dropped). */
export const cardDigits = (text: string) => text.replace(/[\s-]/g, '')

/** A card number in groups of four, as it is typed. */
export const formatCardNumber = (text: string) =>
  text
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ')

/** Expiry as it is typed: digits, with the slash after the month put in by itself. */
export function formatExpiry(text: string, previous = ''): string {
  const digits = text.replace(/\D/g, '').slice(0, 6)
  // Deleting the slash deletes it, rather than putting it straight back.
  if (previous.endsWith('/') && text.length < previous.length) return digits
  if (digits.length >= 3) return `${digits.slice(0, 2)}/${digits.slice(2)}`
  if (digits.length === 2 && text.length > previous.length) return `${digits}/`
  return digits
}

/**
 * The rules of the payment part. `typedCard` is false when Stripe Elements collects the card (its own
 * field checks the number): then only a choice is needed.
 */
export function cardFormSchema({ now = new Date(), typedCard = true }: { now?: Date; typedCard?: boolean } = {}) {
  return z
    .object({
      choice: z.string(),
      number: z.string(),
      expiry: z.string(),
      cvc: z.string(),
      save: z.boolean(),
    })
    .superRefine((v, ctx) => {
      const nothing: CardFormMessage = 'spec.paymentCardRequired'
      if (v.choice === '') {
        ctx.addIssue({ code: 'custom', path: ['choice'], message: nothing })
        return
      }
      if (v.choice !== NEW_CARD || !typedCard) return
      if (!v.number.trim() && !v.expiry.trim() && !v.cvc.trim()) {
        ctx.addIssue({ code: 'custom', path: ['choice'], message: nothing })
        return
      }
      const digits = cardDigits(v.number)
      if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) {
        ctx.addIssue({ code: 'custom', path: ['number'], message: 'checkout.cardNumberInvalid' })
      }
      const expiry = parseExpiry(v.expiry)
      if (!expiry) ctx.addIssue({ code: 'custom', path: ['expiry'], message: 'checkout.expiryInvalid' })
      else if (isExpired(expiry, now)) {
        ctx.addIssue({ code: 'custom', path: ['expiry'], message: 'checkout.expiryPast' })
      }
      if (!/^\d{3,4}$/.test(v.cvc.trim())) {
        ctx.addIssue({ code: 'custom', path: ['cvc'], message: 'checkout.cvcInvalid' })
      }
    })
}

/** What the checkout call gets for a typed card (the test gateway). */
export function typedCardPayment(v: CardFormValues) {
  const expiry = parseExpiry(v.expiry)
  return {
    card: {
      number: cardDigits(v.number),
      exp_month: expiry?.month ?? 0,
      exp_year: expiry?.year ?? 0,
      cvc: v.cvc.trim(),
    },
    save_card: v.save,
  }
}
