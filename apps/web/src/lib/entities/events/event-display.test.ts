import type { Event } from '@fieldhouse/contract'
import { describe, expect, it } from 'vitest'
import {
  accessBadge,
  eventTimeText,
  eventTitle,
  formatEventTime,
  matchupOf,
  safeTimeZone,
  timeZoneAbbreviation,
} from './event-display'

type EventParticipant = Event['participants'][number]

const team = (short: string, side: 'home' | 'away', extra: Partial<EventParticipant> = {}): EventParticipant => ({
  id: short.length + (side === 'home' ? 100 : 200),
  name: `${short} Team`,
  short_name: short,
  alias: short.toLowerCase(),
  images: [],
  color: null,
  participant_group_id: null,
  event_category_id: null,
  properties: {},
  side,
  ...extra,
})

describe('event naming (spec §3: away @ home by short names)', () => {
  it('puts the away team first, whatever the order they arrive in', () => {
    const event = { name: 'Game', participants: [team('SMT', 'home'), team('NFC', 'away')] }
    expect(eventTitle(event)).toBe('NFC @ SMT')
    expect(matchupOf(event)?.home.short_name).toBe('SMT')
  })

  it('keeps the order given when the sides are not marked', () => {
    const event = { name: 'Game', participants: [team('RIV', 'home'), team('LVS', 'home')] }
    expect(eventTitle(event)).toBe('RIV @ LVS')
  })

  it('falls back to the full name without a short name', () => {
    const event = { name: 'Game', participants: [team('', 'away', { name: 'Visitors' }), team('HBR', 'home')] }
    expect(eventTitle(event)).toBe('Visitors @ HBR')
  })

  it('uses the event name for anything but two participants', () => {
    expect(eventTitle({ name: 'Conference media day', participants: [] })).toBe('Conference media day')
    expect(eventTitle({ name: 'Relay', participants: [team('A', 'home'), team('B', 'away'), team('C', 'away')] })).toBe(
      'Relay',
    )
    expect(matchupOf({ participants: [team('A', 'home')] })).toBeNull()
  })
})

describe('event times in the event’s own time zone', () => {
  it('shows the local day, time and zone abbreviation', () => {
    // 04:00 UTC on 22 Nov is 21:00 on 21 Nov in Denver (MST, UTC−7).
    const time = formatEventTime('2026-11-22T04:00:00.000Z', 'America/Denver', 'en-US')
    expect(time).toMatchObject({ date: 'Sat, Nov 21', time: '9:00 PM', zone: 'MST', day: '2026-11-21' })
    expect(time.iso).toBe('2026-11-22T04:00:00.000Z')
    expect(eventTimeText(time)).toBe('Sat, Nov 21 · 9:00 PM MST')
  })

  it('switches to summer time abbreviations', () => {
    expect(formatEventTime('2026-07-01T18:00:00Z', 'America/Chicago').zone).toBe('CDT')
    expect(formatEventTime('2026-01-15T18:00:00Z', 'America/Chicago').zone).toBe('CST')
    expect(formatEventTime('2026-01-15T18:00:00Z', 'America/Los_Angeles').zone).toBe('PST')
  })

  it('names European zones the way schedules print them', () => {
    expect(timeZoneAbbreviation(new Date('2026-01-10T12:00:00Z'), 'Europe/Sofia')).toBe('EET')
    expect(timeZoneAbbreviation(new Date('2026-07-10T12:00:00Z'), 'Europe/Sofia')).toBe('EEST')
    expect(timeZoneAbbreviation(new Date('2026-07-10T12:00:00Z'), 'Europe/Paris')).toBe('CEST')
    expect(timeZoneAbbreviation(new Date('2026-01-10T12:00:00Z'), 'Europe/London')).toBe('GMT')
  })

  it('writes the day and time in the interface language, the zone the same in all', () => {
    const french = formatEventTime('2026-11-22T04:00:00.000Z', 'America/Denver', 'fr')
    expect(french.time).toBe('21:00')
    expect(french.zone).toBe('MST')
    expect(french.date).toMatch(/21/)
  })

  it('falls back to UTC for a zone the browser does not know', () => {
    expect(safeTimeZone('Mars/Olympus_Mons')).toBe('UTC')
    expect(formatEventTime('2026-11-22T04:00:00.000Z', 'Mars/Olympus_Mons', 'en-US')).toMatchObject({
      time: '4:00 AM',
      zone: 'UTC',
    })
  })

  it('says nothing for an unreadable instant', () => {
    expect(eventTimeText(formatEventTime('not a date', 'UTC'))).toBe('')
  })
})

describe('access badge', () => {
  const base = { has_access: false, base_price: 9.99, currency: 'USD' }
  it('reads free, sign in, a price or unlocked', () => {
    expect(accessBadge({ ...base, type: 'free', has_access: true })).toEqual({ kind: 'free' })
    expect(accessBadge({ ...base, type: 'register' })).toEqual({ kind: 'signIn' })
    expect(accessBadge({ ...base, type: 'register', has_access: true })).toEqual({ kind: 'free' })
    expect(accessBadge({ ...base, type: 'paid' })).toEqual({ kind: 'price', price: '$9.99', payPerView: false })
    expect(accessBadge({ ...base, type: 'ppv', base_price: 14.99, currency: 'CAD' })).toEqual({
      kind: 'price',
      price: '$14.99',
      payPerView: true,
    })
    expect(accessBadge({ ...base, type: 'ppv', has_access: true })).toEqual({ kind: 'unlocked' })
    expect(accessBadge({ ...base, type: 'paid', base_price: 9.99, currency: 'EUR' }, 'fr')).toEqual({
      kind: 'price',
      price: '9,99\u00a0€',
      payPerView: false,
    })
  })

  it('says so first when the viewer’s country may not watch (spec §6)', () => {
    expect(accessBadge({ ...base, type: 'free', is_geo_blocked: true })).toEqual({ kind: 'geoBlocked' })
    expect(accessBadge({ ...base, type: 'paid', is_geo_blocked: true })).toEqual({ kind: 'geoBlocked' })
    expect(accessBadge({ ...base, type: 'free', has_access: true, is_geo_blocked: false })).toEqual({ kind: 'free' })
  })
})
