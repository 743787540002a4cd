import { describe, expect, it } from 'vitest'
import { countdownClock, countdownParts } from './countdown'

describe('countdown', () => {
  const start = Date.parse('2026-11-21T21:00:00Z')

  it('splits what is left into days, hours, minutes and seconds', () => {
    const parts = countdownParts(start, start - (2 * 86_400 + 3 * 3600 + 4 * 60 + 5) * 1000)
    expect(parts).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5, done: false })
    expect(countdownClock(parts)).toBe('03:04:05')
  })

  it('rounds up to the next whole second, and is done at the start and after it', () => {
    expect(countdownParts(start, start - 200)).toMatchObject({ seconds: 1, done: false })
    expect(countdownParts(start, start)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, done: true })
    expect(countdownParts(start, start + 60_000).done).toBe(true)
    expect(countdownClock(countdownParts(start, start + 60_000))).toBe('00:00:00')
  })
})
