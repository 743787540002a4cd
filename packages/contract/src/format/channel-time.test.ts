import { describe, expect, it } from 'vitest'
import {
  dayOf,
  dayStart,
  formatDate,
  formatDateTime,
  fromLocalInput,
  instantOf,
  isTimeZone,
  minuteText,
  nextDay,
  toLocalInput,
  wallTime,
  zoneOffsetMs,
} from './channel-time.js'

const at = (iso: string) => Date.parse(iso)
const HOUR = 3_600_000
// Some ICU versions put a narrow no-break space before AM/PM: compared as plain spaces.
const plain = (text: string) => text.replace(/\s/g, ' ')

describe('wall time in a zone ⇄ the instant', () => {
  it("reads a form's local time on the zone's clock, summer and winter", () => {
    expect(fromLocalInput('2026-12-01T19:00', 'Europe/Sofia')).toBe(at('2026-12-01T17:00:00Z'))
    expect(fromLocalInput('2026-07-01T19:00', 'Europe/Sofia')).toBe(at('2026-07-01T16:00:00Z'))
    expect(fromLocalInput('2026-12-01T19:00', 'America/New_York')).toBe(at('2026-12-02T00:00:00Z'))
    expect(fromLocalInput('2026-12-01T19:00', 'Asia/Kolkata')).toBe(at('2026-12-01T13:30:00Z'))
    expect(fromLocalInput('2026-12-01T19:00:30', 'UTC')).toBe(at('2026-12-01T19:00:30Z'))
    expect(fromLocalInput('tomorrow', 'UTC')).toBeNull()
  })

  it('writes an instant back as the same local time', () => {
    expect(toLocalInput(at('2026-12-01T17:00:00Z'), 'Europe/Sofia')).toBe('2026-12-01T19:00')
    expect(toLocalInput('2026-12-02T00:00:00Z', 'America/New_York')).toBe('2026-12-01T19:00')
    expect(toLocalInput(at('2026-12-01T13:30:00Z'), 'Asia/Kolkata')).toBe('2026-12-01T19:00')
    expect(toLocalInput(null, 'UTC')).toBe('')
    expect(toLocalInput('not a time', 'UTC')).toBe('')
  })

  it('lands a time the clocks skip after the change (spring forward)', () => {
    // Sofia: 03:00 → 04:00 on 29 March 2026; New York: 02:00 → 03:00 on 8 March 2026.
    expect(toLocalInput(fromLocalInput('2026-03-29T03:30', 'Europe/Sofia'), 'Europe/Sofia')).toBe('2026-03-29T04:30')
    expect(toLocalInput(fromLocalInput('2026-03-08T02:30', 'America/New_York'), 'America/New_York')).toBe(
      '2026-03-08T03:30',
    )
    expect(fromLocalInput('2026-03-29T04:00', 'Europe/Sofia')).toBe(at('2026-03-29T01:00:00Z'))
  })

  it('takes the first of a time the clocks show twice (fall back)', () => {
    // New York: 02:00 → 01:00 on 1 November 2026; 01:30 is first EDT (05:30Z), then EST (06:30Z).
    expect(fromLocalInput('2026-11-01T01:30', 'America/New_York')).toBe(at('2026-11-01T05:30:00Z'))
    expect(toLocalInput(at('2026-11-01T06:30:00Z'), 'America/New_York')).toBe('2026-11-01T01:30')
    // Sofia: 04:00 → 03:00 on 25 October 2026.
    expect(fromLocalInput('2026-10-25T03:30', 'Europe/Sofia')).toBe(at('2026-10-25T00:30:00Z'))
  })

  it('follows a half-hour zone across its own change (Adelaide: +10:30 in summer, +9:30 in winter)', () => {
    expect(zoneOffsetMs(at('2026-01-15T00:00:00Z'), 'Australia/Adelaide')).toBe(10.5 * HOUR)
    expect(zoneOffsetMs(at('2026-06-15T00:00:00Z'), 'Australia/Adelaide')).toBe(9.5 * HOUR)
    // 5 April 2026: 03:00 → 02:00; 4 October 2026: 02:00 → 03:00.
    expect(fromLocalInput('2026-04-05T02:30', 'Australia/Adelaide')).toBe(at('2026-04-04T16:00:00Z'))
    expect(toLocalInput(fromLocalInput('2026-10-04T02:15', 'Australia/Adelaide'), 'Australia/Adelaide')).toBe(
      '2026-10-04T03:15',
    )
    expect(instantOf({ year: 2026, month: 6, day: 1, hour: 12, minute: 0, second: 0 }, 'Asia/Kathmandu')).toBe(
      at('2026-06-01T06:15:00Z'),
    )
  })

  it('reads a zone it does not know as UTC', () => {
    expect(isTimeZone('Europe/Sofia')).toBe(true)
    expect(isTimeZone('Mars/Olympus')).toBe(false)
    expect(fromLocalInput('2026-12-01T19:00', 'Mars/Olympus')).toBe(at('2026-12-01T19:00:00Z'))
    expect(wallTime(at('2026-12-01T19:00:00Z'), 'Mars/Olympus')).toEqual({
      year: 2026,
      month: 12,
      day: 1,
      hour: 19,
      minute: 0,
      second: 0,
    })
  })
})

describe('days of a zone', () => {
  it('names the day an instant falls on there', () => {
    expect(dayOf(at('2026-12-01T23:30:00Z'), 'Europe/Sofia')).toBe('2026-12-02')
    expect(dayOf(at('2026-12-01T03:30:00Z'), 'America/New_York')).toBe('2026-11-30')
    expect(dayOf(at('2026-12-01T00:00:00Z'), 'UTC')).toBe('2026-12-01')
  })

  it('starts a day at its midnight, and a daylight-saving day is 23 or 25 hours long', () => {
    expect(dayStart('2026-12-01', 'Europe/Sofia')).toBe(at('2026-11-30T22:00:00Z'))
    const length = (day: string, zone: string) => dayStart(nextDay(day), zone) - dayStart(day, zone)
    expect(length('2026-03-29', 'Europe/Sofia')).toBe(23 * HOUR)
    expect(length('2026-10-25', 'Europe/Sofia')).toBe(25 * HOUR)
    expect(length('2026-03-08', 'America/New_York')).toBe(23 * HOUR)
    expect(length('2026-11-01', 'America/New_York')).toBe(25 * HOUR)
    expect(length('2026-04-05', 'Australia/Adelaide')).toBe(25 * HOUR)
    expect(length('2026-12-01', 'Asia/Kolkata')).toBe(24 * HOUR)
  })

  it('starts a day whose midnight the clocks skip at its first minute', () => {
    // Santiago springs forward at midnight: 6 September 2026 begins at 01:00 (-03).
    expect(dayStart('2026-09-06', 'America/Santiago')).toBe(at('2026-09-06T04:00:00Z'))
  })

  it('counts the next day across months and years', () => {
    expect(nextDay('2026-02-28')).toBe('2026-03-01')
    expect(nextDay('2028-02-28')).toBe('2028-02-29')
    expect(nextDay('2026-12-31')).toBe('2027-01-01')
  })
})

describe("times written on the channel's clock", () => {
  it("writes a report's minute on a 24-hour clock", () => {
    expect(minuteText(at('2026-12-01T17:05:00Z'), 'Europe/Sofia')).toBe('2026-12-01 19:05')
    expect(minuteText(at('2026-12-01T04:00:00Z'), 'America/New_York')).toBe('2026-11-30 23:00')
    expect(minuteText(at('2026-12-01T18:30:00Z'), 'Asia/Kolkata')).toBe('2026-12-02 00:00')
  })

  it("writes a moment with its zone, in the channel's language", () => {
    expect(plain(formatDateTime(at('2026-11-26T02:00:00Z'), 'America/Denver'))).toBe('Nov 25, 2026, 7:00 PM MST')
    expect(plain(formatDateTime('2026-11-26T02:00:00Z', 'America/Denver', { seconds: true }))).toBe(
      'Nov 25, 2026, 7:00:00 PM MST',
    )
    expect(plain(formatDateTime(at('2026-11-25T02:05:00Z'), 'Europe/Paris'))).toBe('Nov 25, 2026, 3:05 AM GMT+1')
    expect(plain(formatDateTime(at('2026-11-25T02:05:00Z'), 'Mars/Olympus'))).toBe('Nov 25, 2026, 2:05 AM UTC')
    expect(plain(formatDateTime(at('2026-11-26T02:00:00Z'), 'Europe/Paris', { locale: 'fr' }))).toBe(
      '26 nov. 2026, 03:00 UTC+1',
    )
  })

  it('writes the day of a moment, and a plain date as its own day whatever the zone', () => {
    expect(formatDate(at('2026-11-26T02:00:00Z'), 'America/Denver')).toBe('Nov 25, 2026')
    expect(formatDate('2026-11-20', 'Pacific/Kiritimati')).toBe('Nov 20, 2026')
    expect(formatDateTime('2026-11-20', 'Pacific/Pago_Pago')).toBe('Nov 20, 2026')
    expect(formatDateTime('2026-11-20', 'America/Los_Angeles')).toBe('Nov 20, 2026')
    expect(formatDate(at('2026-11-26T02:00:00Z'), 'Europe/Sofia', { locale: 'bg' })).toBe('26.11.2026 г.')
  })

  it('gives back what is not a time as it came', () => {
    expect(formatDateTime('soon', 'UTC')).toBe('soon')
    expect(formatDate(Number.NaN, 'UTC')).toBe('NaN')
  })
})
