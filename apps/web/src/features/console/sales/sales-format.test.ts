import { describe, expect, it } from 'vitest'
import { formatMoney, minorOf } from './sales-format'

describe('sales format', () => {
  it('reads amounts typed in the console as minor units', () => {
    expect(minorOf('12.5')).toBe(1250)
    expect(minorOf('0,99')).toBe(99)
    expect(minorOf('7')).toBe(700)
    expect(minorOf('1.234')).toBeNull()
    expect(minorOf('-3')).toBeNull()
    expect(minorOf('')).toBeNull()
  })
  it('shows minor units in the currency', () => {
    expect(formatMoney(1999, 'USD')).toBe('$19.99')
  })
})
