import { describe, expect, it } from 'vitest'
import {
  type AlertSettings,
  alertTargets,
  DEFAULT_ALERT_SETTINGS,
  dueReminderLeads,
  type Follower,
  inQuietHours,
  runKey,
} from './alert-rules.js'

const at = (iso: string) => Date.parse(iso)
const follower = (settings: Partial<AlertSettings> = {}, more: Partial<Follower> = {}): Follower => ({
  userId: 7,
  followAlerts: true,
  mailable: true,
  pushTargets: [],
  settings: { ...DEFAULT_ALERT_SETTINGS, ...settings },
  ...more,
})
const live = { kind: 'go_live' } as const
const noon = at('2026-12-07T12:00:00Z')

describe('who gets which alert', () => {
  it('a follower with the defaults gets a go-live mail and the 30-minute reminder, not another lead', () => {
    expect(alertTargets(follower(), live, noon)).toEqual([{ userId: 7, via: 'email', target: 0 }])
    expect(alertTargets(follower(), { kind: 'reminder', minutes: 30 }, noon)).toHaveLength(1)
    expect(alertTargets(follower(), { kind: 'reminder', minutes: 15 }, noon)).toEqual([])
  })

  it('push goes to each of their browsers, mail only when they take mail and mail reaches them', () => {
    const f = follower({}, { pushTargets: [3, 9] })
    expect(alertTargets(f, live, noon).map((t) => `${t.via}:${t.target}`)).toEqual(['email:0', 'push:3', 'push:9'])
    expect(alertTargets(follower({ email: false }, { pushTargets: [3] }), live, noon)).toEqual([
      { userId: 7, via: 'push', target: 3 },
    ])
    expect(alertTargets(follower({ push: false }, { pushTargets: [3] }), live, noon)).toEqual([
      { userId: 7, via: 'email', target: 0 },
    ])
    // Unverified or blocked: no mail, but their own browsers still alert them.
    expect(alertTargets(follower({}, { mailable: false, pushTargets: [4] }), live, noon)).toEqual([
      { userId: 7, via: 'push', target: 4 },
    ])
  })

  it('nothing for a quiet follow, a turned-off occasion, or reminders off', () => {
    expect(alertTargets(follower({}, { followAlerts: false }), live, noon)).toEqual([])
    expect(alertTargets(follower({ goLive: false }), live, noon)).toEqual([])
    expect(alertTargets(follower({ reminderMinutes: null }), { kind: 'reminder', minutes: 30 }, noon)).toEqual([])
    expect(alertTargets(follower({ email: false, push: true }), live, noon)).toEqual([])
  })

  it('nothing in quiet hours, read on the viewer’s own clock', () => {
    // 22:00–07:00 in Chicago; noon UTC is 06:00 there (quiet), 14:00 UTC is 08:00 (not).
    const night = { quietStart: '22:00', quietEnd: '07:00', timeZone: 'America/Chicago' }
    expect(alertTargets(follower(night), live, noon)).toEqual([])
    expect(alertTargets(follower(night), live, at('2026-12-07T14:00:00Z'))).toHaveLength(1)
  })
})

describe('quiet hours', () => {
  const span = (quietStart: string, quietEnd: string, timeZone = 'UTC') => ({ quietStart, quietEnd, timeZone })
  it('a span within one day: the start in, the end out', () => {
    expect(inQuietHours(span('12:00', '13:00'), noon)).toBe(true)
    expect(inQuietHours(span('11:00', '12:00'), noon)).toBe(false)
  })
  it('a span across midnight', () => {
    expect(inQuietHours(span('22:00', '07:00'), at('2026-12-07T23:30:00Z'))).toBe(true)
    expect(inQuietHours(span('22:00', '07:00'), at('2026-12-07T06:59:00Z'))).toBe(true)
    expect(inQuietHours(span('22:00', '07:00'), at('2026-12-07T07:00:00Z'))).toBe(false)
  })
  it('none when unset or when both ends are equal; an unknown zone reads as UTC', () => {
    expect(inQuietHours({ quietStart: null, quietEnd: null, timeZone: 'UTC' }, noon)).toBe(false)
    expect(inQuietHours(span('12:00', '12:00'), noon)).toBe(false)
    expect(inQuietHours(span('11:30', '12:30', 'Mars/Olympus'), noon)).toBe(true)
  })
  it('follows daylight saving: 07:30 in Sofia is 05:30 UTC in summer, 06:30 UTC in winter', () => {
    expect(inQuietHours(span('07:00', '08:00', 'Europe/Sofia'), at('2026-07-01T04:30:00Z'))).toBe(true)
    expect(inQuietHours(span('07:00', '08:00', 'Europe/Sofia'), at('2026-12-01T05:30:00Z'))).toBe(true)
    expect(inQuietHours(span('07:00', '08:00', 'Europe/Sofia'), at('2026-12-01T04:30:00Z'))).toBe(false)
  })
})

describe('reminders due', () => {
  const start = at('2026-12-07T19:00:00Z')
  const leads = [15, 30, 60, 120, 1440]
  const tenMinutes = 10 * 60_000
  it('a lead is due from its moment for the grace that follows it', () => {
    expect(dueReminderLeads(start, at('2026-12-07T18:30:00Z'), leads, tenMinutes)).toEqual([30])
    expect(dueReminderLeads(start, at('2026-12-07T18:39:59Z'), leads, tenMinutes)).toEqual([30])
    expect(dueReminderLeads(start, at('2026-12-07T18:40:00Z'), leads, tenMinutes)).toEqual([])
    expect(dueReminderLeads(start, at('2026-12-06T19:05:00Z'), leads, tenMinutes)).toEqual([1440])
  })
  it('none once the game has begun', () => {
    expect(dueReminderLeads(start, start, leads, tenMinutes)).toEqual([])
  })
  it('one fan-out per game and lead', () => {
    expect(runKey({ kind: 'go_live' })).toBe('go_live')
    expect(runKey({ kind: 'reminder', minutes: 30 })).toBe('reminder:30')
  })
})
