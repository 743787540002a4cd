import { describe, expect, it } from 'vitest'
import { currencyDigits, formatMoney, formatPrice, fromMinor, moneyInput, parseMoney, toMinor } from './money.js'

describe('formatMoney', () => {
  it('writes USD and CAD with the spec\'s "$" in every language', () => {
    expect(formatMoney(999, 'USD')).toBe('$9.99')
    expect(formatMoney(999, 'CAD')).toBe('$9.99')
    expect(formatMoney(123450, 'usd')).toBe('$1,234.50')
    expect(formatMoney(999, 'USD', 'fr')).toBe('9,99\u00a0$')
    expect(formatMoney(999, 'CAD', 'bg')).toBe('9,99\u00a0$')
  })

  it('writes other currencies as the language does', () => {
    expect(formatMoney(300, 'EUR')).toBe('€3.00')
    expect(formatMoney(300, 'EUR', 'fr')).toBe('3,00\u00a0€')
    expect(formatMoney(1999, 'BGN', 'bg')).toBe('19,99\u00a0лв.')
    expect(formatMoney(1999, 'BGN')).toBe('BGN\u00a019.99')
  })

  it('knows currencies without cents, and with three decimals', () => {
    expect(formatMoney(150000, 'JPY')).toBe('¥1,500')
    expect(formatMoney(150, 'KWD')).toBe('KWD\u00a01.500')
    expect(currencyDigits('JPY')).toBe(0)
    expect(currencyDigits('USD')).toBe(2)
  })

  it('puts "−" before a discount or a refund', () => {
    expect(formatMoney(-500, 'USD')).toBe('−$5.00')
    expect(formatMoney(-500, 'EUR', 'fr')).toBe('−5,00\u00a0€')
  })

  it('takes USD when the channel names no currency, and still writes an unknown code', () => {
    expect(formatMoney(100, null)).toBe('$1.00')
    expect(formatMoney(100, '')).toBe('$1.00')
    expect(formatMoney(-1250, 'X1')).toBe('−X1 12.50')
  })

  it("writes the viewer API's prices, given in the main unit", () => {
    expect(formatPrice(49.99, 'USD')).toBe('$49.99')
    expect(formatPrice(5, 'USD')).toBe('$5.00')
    expect(formatPrice(1500, 'JPY')).toBe('¥1,500')
    expect(toMinor(0.29, 'USD')).toBe(29)
    expect(toMinor(1500, 'JPY')).toBe(150000)
    expect(fromMinor(999, 'USD')).toBe(9.99)
  })
})

describe('moneyInput', () => {
  it('shows stored minor units as the text a form field holds', () => {
    expect(moneyInput(999, 'USD')).toBe('9.99')
    expect(moneyInput(1000, 'USD')).toBe('10.00')
    expect(moneyInput(999, 'EUR', 'fr')).toBe('9,99')
    expect(moneyInput(150000, 'JPY')).toBe('1500')
    expect(moneyInput(null, 'USD')).toBe('')
    expect(moneyInput(undefined, 'USD')).toBe('')
  })
})

describe('parseMoney', () => {
  const minor = (text: string, currency = 'USD', locale = 'en') => {
    const parsed = parseMoney(text, currency, locale)
    return parsed.ok ? parsed.minor : parsed.reason
  }

  it('reads whole amounts, one decimal and two, with a point or a comma', () => {
    expect(minor('12')).toBe(1200)
    expect(minor('12.5')).toBe(1250)
    expect(minor(' 12.50 ')).toBe(1250)
    expect(minor('12,50')).toBe(1250)
    expect(minor('12,50', 'EUR', 'fr')).toBe(1250)
    expect(minor('12.50', 'EUR', 'fr')).toBe(1250)
    expect(minor('0.29')).toBe(29)
    expect(minor('.5')).toBe(50)
    expect(minor('0')).toBe(0)
  })

  it('reads thousands grouped as the language groups them', () => {
    expect(minor('1,250')).toBe(125000)
    expect(minor('1,250.50')).toBe(125050)
    expect(minor('1 250,50', 'EUR', 'fr')).toBe(125050)
    expect(minor('1\u202f250,50', 'EUR', 'fr')).toBe(125050)
    expect(minor('1\u00a0250', 'BGN', 'bg')).toBe(125000)
  })

  it('takes nothing typed as no amount', () => {
    expect(parseMoney('  ', 'USD')).toEqual({ ok: true, minor: null })
  })

  it('refuses what is not an amount, with words that say what to type', () => {
    for (const text of ['abc', '12a', '-5', '+5', '1.2.3', '$12', '12 50', '.', '1e3', '١٢'])
      expect(minor(text), text).toBe('notAmount')
    expect(parseMoney('abc', 'USD')).toMatchObject({ ok: false, message: 'Type an amount such as 12.50.' })
  })

  it('refuses more decimals than the currency has', () => {
    expect(parseMoney('12.505', 'USD')).toMatchObject({
      ok: false,
      reason: 'tooManyDecimals',
      message: 'Use at most 2 decimals.',
    })
    expect(minor('1,25', 'EUR', 'fr')).toBe(125)
    expect(minor('1,250', 'EUR', 'fr')).toBe('tooManyDecimals')
    expect(parseMoney('1500.5', 'JPY')).toMatchObject({ ok: false, message: 'This currency has no decimals.' })
    expect(minor('1500', 'JPY')).toBe(150000)
    expect(minor('1.50', 'KWD')).toBe(150)
    expect(parseMoney('1.505', 'KWD')).toMatchObject({ ok: false, message: 'Use at most 2 decimals.' })
  })
})
