import { type AlertKind, type AlertVia, DEFAULT_REMINDER_MINUTES } from '@fieldhouse/contract'
import { DateTime } from 'luxon'

/**
 * Who gets which alert (decision 0056), decided in one pure place: a viewer's follows × their settings ×
 * their quiet hours × the browsers they took push on. The fan-out asks it for each follower of a game.
 */

/** A viewer's settings as the rules read them (the stored row, or the defaults when none). */
export interface AlertSettings {
  email: boolean
  push: boolean
  goLive: boolean
  reminderMinutes: number | null
  quietStart: string | null
  quietEnd: string | null
  timeZone: string
}

export const DEFAULT_ALERT_SETTINGS: AlertSettings = {
  email: true,
  push: true,
  goLive: true,
  reminderMinutes: DEFAULT_REMINDER_MINUTES,
  quietStart: null,
  quietEnd: null,
  timeZone: 'UTC',
}

/** A follower of a game: their settings, whether any of the follows the game matched alerts, their browsers. */
export interface Follower {
  userId: number
  /** False when every follow this game matched was set to follow quietly. */
  followAlerts: boolean
  settings: AlertSettings
  /** Their push subscriptions' ids. */
  pushTargets: number[]
  /** The account can receive mail (verified, not blocked). */
  mailable: boolean
}

/** What the fan-out is sending: a game's go-live, or its reminder for viewers who chose `minutes` ahead. */
export type AlertOccasion = { kind: 'go_live' } | { kind: 'reminder'; minutes: number }

export interface AlertTarget {
  userId: number
  via: AlertVia
  /** The push subscription's id; 0 for mail. */
  target: number
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))

/**
 * Whether `at` falls in the quiet hours on the viewer's clock. The span may cross midnight (22:00–07:00);
 * equal ends mean none. An unknown zone reads as UTC.
 */
export function inQuietHours(settings: Pick<AlertSettings, 'quietStart' | 'quietEnd' | 'timeZone'>, at: number) {
  const { quietStart, quietEnd } = settings
  if (!quietStart || !quietEnd || quietStart === quietEnd) return false
  let local = DateTime.fromMillis(at, { zone: settings.timeZone })
  if (!local.isValid) local = DateTime.fromMillis(at, { zone: 'utc' })
  const now = local.hour * 60 + local.minute
  const start = minutesOf(quietStart)
  const end = minutesOf(quietEnd)
  return start < end ? now >= start && now < end : now >= start || now < end
}

/** Whether this viewer wants this occasion at all (before asking how it reaches them). */
export function wantsOccasion(settings: AlertSettings, occasion: AlertOccasion) {
  return occasion.kind === 'go_live' ? settings.goLive : settings.reminderMinutes === occasion.minutes
}

/**
 * The sends one follower gets for an occasion at `at`: none when the follow is quiet, the occasion is
 * not wanted or the hour is quiet (an alert held until morning would be stale: the game is over); else
 * a mail when they take mail, and a push to each of their browsers when they take push.
 */
export function alertTargets(follower: Follower, occasion: AlertOccasion, at: number): AlertTarget[] {
  const { settings } = follower
  if (!follower.followAlerts || !wantsOccasion(settings, occasion) || inQuietHours(settings, at)) return []
  const targets: AlertTarget[] = []
  if (settings.email && follower.mailable) targets.push({ userId: follower.userId, via: 'email', target: 0 })
  if (settings.push)
    for (const id of follower.pushTargets) targets.push({ userId: follower.userId, via: 'push', target: id })
  return targets
}

/** The key one fan-out is recorded under (`alert_runs.kind`): one per game and kind, per reminder lead. */
export const runKey = (occasion: AlertOccasion) =>
  occasion.kind === 'go_live' ? 'go_live' : `reminder:${occasion.minutes}`

/** The kind stored with each send. */
export const sendKind = (occasion: AlertOccasion): AlertKind => occasion.kind

/**
 * The reminder leads due for a game starting at `startsAt`, seen at `now`: each lead whose moment
 * (`startsAt - lead`) has come within the last `graceMs` (a worker that was down longer sends none:
 * a reminder after the game began is no reminder) and the game not yet begun.
 */
export function dueReminderLeads(startsAt: number, now: number, leads: readonly number[], graceMs: number) {
  if (startsAt <= now) return []
  return leads.filter((lead) => {
    const moment = startsAt - lead * 60_000
    return moment <= now && moment > now - graceMs
  })
}
