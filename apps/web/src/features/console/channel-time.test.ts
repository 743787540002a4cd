import { describe, expect, it } from 'vitest'
import { zonedDate, zonedDateTime } from './channel-time'

// ICU puts a narrow no-break space before AM/PM: compared as plain spaces.
const plain = (text: string) => text.replace(/\s/g, ' ')
const at = Date.UTC(2026, 10, 25, 2, 5, 9)

describe('console times on the channel’s clock', () => {
  it('shows a moment on the zone’s wall clock, with the zone’s name', () => {
    expect(plain(zonedDateTime(at, 'America/Denver'))).toBe('Nov 24, 2026, 7:05 PM MST')
    expect(plain(zonedDateTime(at, 'UTC'))).toBe('Nov 25, 2026, 2:05 AM UTC')
    expect(plain(zonedDateTime(new Date(at).toISOString(), 'Europe/Paris'))).toBe('Nov 25, 2026, 3:05 AM GMT+1')
  })

  it('adds the seconds when asked (a premiere that repeats every few seconds)', () => {
    expect(plain(zonedDateTime(at, 'UTC', { seconds: true }))).toBe('Nov 25, 2026, 2:05:09 AM UTC')
  })

  it('keeps a plain date on its calendar day, whatever the zone', () => {
    expect(zonedDateTime('2026-11-20', 'Pacific/Pago_Pago')).toBe('Nov 20, 2026')
    expect(zonedDateTime('2026-11-20', 'Pacific/Kiritimati')).toBe('Nov 20, 2026')
    expect(zonedDate('2026-11-20', 'America/Los_Angeles')).toBe('Nov 20, 2026')
  })

  it('gives the day of a moment in the zone, which may be the day before UTC’s', () => {
    expect(zonedDate(at, 'America/Los_Angeles')).toBe('Nov 24, 2026')
    expect(zonedDate(at, 'UTC')).toBe('Nov 25, 2026')
  })

  it('shows a zone the browser does not know as UTC, and says so', () => {
    expect(plain(zonedDateTime(at, 'Mars/Olympus_Mons'))).toBe('Nov 25, 2026, 2:05 AM UTC')
  })

  it('gives back what is not a time as it was', () => {
    expect(zonedDateTime('soon', 'UTC')).toBe('soon')
    expect(zonedDate(Number.NaN, 'UTC')).toBe('NaN')
  })
})
