import { type NotificationSettings, NotificationSettingsUpdateSchema } from '@fieldhouse/contract'
import { describe, expect, it } from 'vitest'
import {
  alertsFormOf,
  alertsFormProblems,
  alertsUpdateOf,
  followAlerts,
  REMINDER_OFF,
  reminderChoices,
  timeOfDay,
  timeZoneChoices,
} from './alert-settings-form'

const settings = (overrides: Partial<NotificationSettings> = {}): NotificationSettings => ({
  email: true,
  push: true,
  go_live: true,
  reminder_minutes: 30,
  spoiler_free: false,
  quiet_start: null,
  quiet_end: null,
  time_zone: 'UTC',
  follows: [
    { id: 7, favoritable_type: 'participant', favoritable_id: 70, name: 'Austin Owls', alerts: true },
    { id: 8, favoritable_type: 'category', favoritable_id: 80, name: 'Basketball', alerts: false },
  ],
  vapid_public_key: null,
  push_devices: 0,
  ...overrides,
})

describe('alertsFormOf', () => {
  it('fills the controls from the settings', () => {
    const values = alertsFormOf(settings({ reminder_minutes: 1440, spoiler_free: true }), null)
    expect(values).toEqual({
      email: true,
      push: true,
      go_live: true,
      reminder: '1440',
      spoiler_free: true,
      quiet: false,
      quiet_start: '22:00',
      quiet_end: '07:00',
      time_zone: 'UTC',
      follows: { 7: true, 8: false },
    })
  })

  it('says off for no reminders', () => {
    expect(alertsFormOf(settings({ reminder_minutes: null }), null).reminder).toBe(REMINDER_OFF)
  })

  it('shows stored quiet hours, turned on', () => {
    const values = alertsFormOf(settings({ quiet_start: '23:30', quiet_end: '06:15' }), null)
    expect([values.quiet, values.quiet_start, values.quiet_end]).toEqual([true, '23:30', '06:15'])
  })

  it('offers the browser’s zone while the stored one is the unsaved UTC, and keeps a chosen zone', () => {
    expect(alertsFormOf(settings(), 'Europe/Sofia').time_zone).toBe('Europe/Sofia')
    expect(alertsFormOf(settings(), null).time_zone).toBe('UTC')
    expect(alertsFormOf(settings({ time_zone: 'America/Chicago' }), 'Europe/Sofia').time_zone).toBe('America/Chicago')
  })
})

describe('alertsUpdateOf', () => {
  it('sends every setting with the zone, and no follows when none changed', () => {
    const stored = settings()
    const update = alertsUpdateOf(alertsFormOf(stored, 'Europe/Paris'), stored)
    expect(update).toEqual({
      email: true,
      push: true,
      go_live: true,
      reminder_minutes: 30,
      spoiler_free: false,
      quiet_start: null,
      quiet_end: null,
      time_zone: 'Europe/Paris',
    })
    expect(NotificationSettingsUpdateSchema.safeParse(update).success).toBe(true)
  })

  it('maps off to null minutes and quiet hours to both times', () => {
    const stored = settings()
    const values = { ...alertsFormOf(stored, null), reminder: REMINDER_OFF, quiet: true, quiet_start: '21:00:00' }
    const update = alertsUpdateOf(values, stored)
    expect(update.reminder_minutes).toBeNull()
    expect([update.quiet_start, update.quiet_end]).toEqual(['21:00', '07:00'])
    expect(NotificationSettingsUpdateSchema.safeParse(update).success).toBe(true)
  })

  it('clears both times when quiet hours are turned off', () => {
    const stored = settings({ quiet_start: '22:00', quiet_end: '06:00' })
    const update = alertsUpdateOf({ ...alertsFormOf(stored, null), quiet: false }, stored)
    expect([update.quiet_start, update.quiet_end]).toEqual([null, null])
  })

  it('names only the follows whose alerts changed, and none the form does not know', () => {
    const stored = settings()
    const values = { ...alertsFormOf(stored, null), follows: { 7: false, 8: false, 99: true } }
    expect(alertsUpdateOf(values, stored).follows).toEqual([{ id: 7, alerts: false }])
  })

  it('round-trips: the saved answer gives back the same form', () => {
    const stored = settings({ quiet_start: '22:00', quiet_end: '07:00', time_zone: 'Europe/Sofia' })
    const values = alertsFormOf(stored, null)
    const update = alertsUpdateOf(values, stored)
    const saved: NotificationSettings = { ...stored, ...update, follows: stored.follows } as NotificationSettings
    expect(alertsFormOf(saved, null)).toEqual(values)
  })
})

describe('followAlerts', () => {
  it('reads the form, else the stored value for a follow added since', () => {
    const stored = settings()
    const values = { ...alertsFormOf(stored, null), follows: { 7: false } }
    const [owls, basketball] = stored.follows
    expect(owls && followAlerts(values, owls)).toBe(false)
    expect(basketball && followAlerts(values, basketball)).toBe(false)
  })
})

describe('alertsFormProblems', () => {
  it('needs both times only while quiet hours are on', () => {
    const values = alertsFormOf(settings(), null)
    expect(alertsFormProblems({ ...values, quiet: false, quiet_start: '' })).toEqual({})
    expect(alertsFormProblems({ ...values, quiet: true })).toEqual({})
    expect(alertsFormProblems({ ...values, quiet: true, quiet_start: '', quiet_end: '7' })).toEqual({
      quiet_start: 'quietMissing',
      quiet_end: 'quietMissing',
    })
  })
})

describe('small parts', () => {
  it('lists off and the server’s lead times', () => {
    expect(reminderChoices).toEqual(['off', '15', '30', '60', '120', '1440'])
  })

  it('drops the seconds a time input may carry', () => {
    expect(timeOfDay('07:05:00')).toBe('07:05')
    expect(timeOfDay('07:05')).toBe('07:05')
    expect(timeOfDay('')).toBe('')
  })

  it('adds the chosen zone to the browser’s list when it lacks it, sorted', () => {
    expect(timeZoneChoices('UTC', ['Europe/Sofia', 'America/Chicago'])).toEqual([
      'America/Chicago',
      'Europe/Sofia',
      'UTC',
    ])
    expect(timeZoneChoices('Europe/Sofia', ['Europe/Sofia'])).toEqual(['Europe/Sofia'])
    expect(timeZoneChoices('Europe/Sofia', null)).toEqual(['Europe/Sofia'])
  })
})
