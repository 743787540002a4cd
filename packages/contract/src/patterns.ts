import { z } from 'zod'
import { constants } from './constants.js'
import { lengthGreaterThan, lengthLessThan, messages } from './messages.js'

/**
 * Spec §5's other patterns. A phone number: 10 to 14 digits (§9 "Phone length"), an optional leading
 * plus, and spaces, dots, dashes or parentheses between them ("+1 (555) 010-2030").
 */
export const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/
/** Digits and parentheses only ("(555)0102030"), e.g. a number typed without separators. */
export const DIGITS_AND_PARENTHESES = /^[\d()]+$/

const digitCount = (value: string) => value.replace(/\D/g, '').length

/** Why a phone number is refused, in the spec's words (the length rule counts its digits), or null. */
export function phoneProblem(value: string): string | null {
  const trimmed = value.trim()
  if (!PHONE_CHARACTERS.test(trimmed) || trimmed.indexOf('+') > 0) return messages.phoneInvalid
  const digits = digitCount(trimmed)
  if (digits < constants.phoneDigits.min) return lengthGreaterThan(constants.phoneDigits.min - 1)
  if (digits > constants.phoneDigits.max) return lengthLessThan(constants.phoneDigits.max + 1)
  return null
}

export const PhoneSchema = z
  .string({ error: messages.fieldRequired })
  .trim()
  .superRefine((value, ctx) => {
    const problem = phoneProblem(value)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })

/** The number a `tel:` link dials: the digits and a leading plus. */
export const dialString = (phone: string) => phone.replace(/[^\d+]/g, '')
