import { describe, expect, it } from 'vitest'
import { dayOf, dayStart, nextDay } from './zoned-day.js'

describe('zoned days', () => {
  it('starts a day at the zone’s midnight', () => {
    expect(new Date(dayStart('2026-11-24', 'UTC')).toISOString()).toBe('2026-11-24T00:00:00.000Z')
    expect(new Date(dayStart('2026-11-24', 'America/Chicago')).toISOString()).toBe('2026-11-24T06:00:00.000Z')
    expect(new Date(dayStart('2026-07-01', 'America/Chicago')).toISOString()).toBe('2026-07-01T05:00:00.000Z')
    expect(new Date(dayStart('2026-11-24', 'Europe/Sofia')).toISOString()).toBe('2026-11-23T22:00:00.000Z')
  })
  it('knows a daylight-saving day is 25 hours long', () => {
    const start = dayStart('2026-11-01', 'America/Chicago')
    expect(dayStart(nextDay('2026-11-01'), 'America/Chicago') - start).toBe(25 * 3_600_000)
  })
  it('names the day an instant falls on', () => {
    expect(dayOf(Date.parse('2026-11-24T05:59:59Z'), 'America/Chicago')).toBe('2026-11-23')
    expect(dayOf(Date.parse('2026-11-24T06:00:00Z'), 'America/Chicago')).toBe('2026-11-24')
    expect(nextDay('2026-12-31')).toBe('2027-01-01')
  })
})
