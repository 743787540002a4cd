import { describe, expect, it } from 'vitest'
import {
  axisTickTexts,
  durationText,
  funnelSteps,
  minutesCsv,
  percentText,
  plotMinutes,
  rangeQuery,
} from './analytics-format'

const MINUTE = 60_000
const now = Date.UTC(2026, 10, 24, 18, 30, 15)

describe('the range an operator picks', () => {
  it('live asks for the server default (the last three hours up to now), the others from a fixed start', () => {
    expect(rangeQuery('live', now)).toEqual({})
    expect(rangeQuery('24h', now)).toEqual({ from: now - 24 * 60 * MINUTE })
    expect(rangeQuery('7d', now)).toEqual({ from: now - 7 * 24 * 60 * MINUTE })
    // Within the reports' 31 days up to the server's `to` (now + 1 minute).
    expect(rangeQuery('31d', now)).toEqual({ from: now - 31 * 24 * 60 * MINUTE + MINUTE })
  })

  it('dates need both ends, the start before the end', () => {
    expect(rangeQuery('dates', now, { from: 1000, to: null })).toBeNull()
    expect(rangeQuery('dates', now, { from: 2000, to: 1000 })).toBeNull()
    expect(rangeQuery('dates', now, { from: 1000, to: 2000 })).toEqual({ from: 1000, to: 2000 })
  })
})

describe('the numbers in words', () => {
  it('percentages, durations and missing values', () => {
    expect(percentText(null)).toBe('—')
    expect(percentText(2.345)).toBe('2.3%')
    expect(percentText(0)).toBe('0%')
    expect(durationText(null)).toBe('—')
    expect(durationText(850)).toBe('850 ms')
    expect(durationText(1260)).toBe('1.3 s')
  })

  it('the time axis on the same 24-hour clock, the day under its first tick and where a day begins', () => {
    const at = (h: number, m = 0) => Date.UTC(2026, 10, 24, h, m) / 1000
    expect(axisTickTexts([at(22), at(23), at(24), at(25)], 3600, 'UTC')).toEqual([
      '22:00\n11-24',
      '23:00',
      '00:00\n11-25',
      '01:00',
    ])
    expect(axisTickTexts([at(18, 30), at(19)], 1800, 'America/Chicago')).toEqual(['12:30\n11-24', '13:00'])
    expect(axisTickTexts([at(0), at(24), at(48)], 86_400, 'UTC')).toEqual(['11-24', '11-25', '11-26'])
  })
})

describe('the funnel', () => {
  it('each step with its share of the step before and of the visits', () => {
    const steps = funnelSteps({ visit: 200, item_list: 50, begin_checkout: 10, purchase: 4 })
    expect(steps.map((s) => [s.key, s.sessions, s.ofPrevious, s.ofFirst])).toEqual([
      ['visit', 200, null, null],
      ['item_list', 50, 25, 25],
      ['begin_checkout', 10, 20, 5],
      ['purchase', 4, 40, 2],
    ])
  })

  it('no share of a step nobody reached', () => {
    const steps = funnelSteps({ visit: 0, item_list: 0, begin_checkout: 0, purchase: 0 })
    expect(steps.every((s) => s.ofPrevious === null && s.ofFirst === null)).toBe(true)
  })
})

describe('the minutes of the plot', () => {
  const from = Date.UTC(2026, 10, 24, 18, 0)
  it('minutes without a viewer are zeros, from the first minute of the range to the one now', () => {
    const minutes = plotMinutes(
      { from, to: from + 60 * MINUTE, minutes: [{ minute: from + 2 * MINUTE, viewers: 3, viewing_minutes: 2.5 }] },
      from + 4 * MINUTE + 10_000,
    )
    expect(minutes.map((m) => [m.minute - from, m.viewers])).toEqual([
      [0, 0],
      [MINUTE, 0],
      [2 * MINUTE, 3],
      [3 * MINUTE, 0],
      [4 * MINUTE, 0],
    ])
  })

  it('a range longer than three days is plotted as it comes', () => {
    const rows = [{ minute: from, viewers: 1, viewing_minutes: 1 }]
    expect(plotMinutes({ from, to: from + 10 * 24 * 60 * MINUTE, minutes: rows }, from + 10 * 24 * 60 * MINUTE)).toBe(
      rows,
    )
  })
})

describe('the CSV export', () => {
  it('a row per minute, the time zone in the header', () => {
    const csv = minutesCsv([{ minute: Date.UTC(2026, 10, 24, 18, 5), viewers: 2, viewing_minutes: 1.5 }], 'UTC')
    expect(csv).toBe('"minute (UTC)","viewers","viewing minutes"\r\n"2026-11-24 18:05",2,1.5\r\n')
  })
})
