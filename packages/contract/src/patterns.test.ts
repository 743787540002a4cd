import { describe, expect, it } from 'vitest'
import { DIGITS_AND_PARENTHESES, dialString, PhoneSchema, phoneProblem } from './patterns.js'

describe('phone numbers (spec §5, §9)', () => {
  it('takes 10 to 14 digits with an optional plus and separators', () => {
    for (const ok of ['+1 (555) 010-2030', '5550102030', '+359 88 123 4567', '555.010.2030', '+12345678901234']) {
      expect(phoneProblem(ok), ok).toBeNull()
    }
    expect(PhoneSchema.parse('  +1 (555) 010-2030 ')).toBe('+1 (555) 010-2030')
  })

  it('refuses in the spec’s words: the length rule counts the digits', () => {
    expect(phoneProblem('555 0102')).toBe('The field length must be greater than 9')
    expect(phoneProblem('+1 555 010 2030 4455')).toBe('The field length must be less than 15')
    expect(phoneProblem('555-CALL-NOW')).toBe('A valid phone number is required')
    expect(phoneProblem('555+0102030')).toBe('A valid phone number is required')
    expect(PhoneSchema.safeParse('12').error?.issues[0]?.message).toBe('The field length must be greater than 9')
  })

  it('dials the digits and the plus', () => {
    expect(dialString('+1 (555) 010-2030')).toBe('+15550102030')
  })
})

describe('digits and parentheses', () => {
  it('matches digits and parentheses only', () => {
    expect(DIGITS_AND_PARENTHESES.test('(555)0102030')).toBe(true)
    expect(DIGITS_AND_PARENTHESES.test('555 010')).toBe(false)
    expect(DIGITS_AND_PARENTHESES.test('12a')).toBe(false)
  })
})
