import {
  type FollowAlert,
  type NotificationSettings,
  type NotificationSettingsUpdate,
  REMINDER_MINUTES,
  TIME_OF_DAY,
} from '@fieldhouse/contract'

/**
 * Profile → Alerts as a form (decision 0056): the settings the server answers ⇄ what the form's
 * controls hold ⇄ the PATCH that saves them. Pure, so the mapping is tested without a browser.
 */

/** The reminder select's value for "no reminders". */
export const REMINDER_OFF = 'off'

/** Quiet hours a viewer starts from when they turn them on: the night. */
export const DEFAULT_QUIET_HOURS = { start: '22:00', end: '07:00' } as const

/** The zone the server stores for a viewer who never saved their settings. */
export const UNSET_TIME_ZONE = 'UTC'

export interface AlertsFormValues {
  email: boolean
  push: boolean
  go_live: boolean
  /** `off`, or the minutes before the start as the select's text (`'30'`). */
  reminder: string
  spoiler_free: boolean
  /** Quiet hours on: the two times below apply. */
  quiet: boolean
  /** `HH:MM`, as an `<input type="time">` holds it. */
  quiet_start: string
  quiet_end: string
  time_zone: string
  /** Each follow's alerts, by the favourite's id. */
  follows: Record<number, boolean>
}

/** The fields a 422 may name that the form shows next to a control. */
export const alertsFormFields = [
  'email',
  'push',
  'go_live',
  'reminder_minutes',
  'spoiler_free',
  'quiet_start',
  'quiet_end',
  'time_zone',
  'follows',
] as const
export type AlertsFormField = (typeof alertsFormFields)[number]

/** The reminder select's choices, in order: off, then each lead time the server takes. */
export const reminderChoices: readonly string[] = [REMINDER_OFF, ...REMINDER_MINUTES.map(String)]

/** An `<input type="time">` value as `HH:MM` (a browser may add seconds); other text as it is. */
export const timeOfDay = (value: string) => (/^\d\d:\d\d:\d\d/.test(value) ? value.slice(0, 5) : value)

/**
 * The form's first values. The stored zone is `UTC` until the viewer saves, so then the browser's zone
 * (`browserZone`, null when unknown or once they have saved) is offered instead: quiet hours are meant
 * on the viewer's own clock.
 */
export function alertsFormOf(settings: NotificationSettings, browserZone: string | null): AlertsFormValues {
  const quiet = settings.quiet_start !== null && settings.quiet_end !== null
  return {
    email: settings.email,
    push: settings.push,
    go_live: settings.go_live,
    reminder: settings.reminder_minutes === null ? REMINDER_OFF : String(settings.reminder_minutes),
    spoiler_free: settings.spoiler_free,
    quiet,
    quiet_start: settings.quiet_start ?? DEFAULT_QUIET_HOURS.start,
    quiet_end: settings.quiet_end ?? DEFAULT_QUIET_HOURS.end,
    time_zone: settings.time_zone === UNSET_TIME_ZONE && browserZone ? browserZone : settings.time_zone,
    follows: Object.fromEntries(settings.follows.map((follow) => [follow.id, follow.alerts])),
  }
}

/** Whether a follow alerts as the form now says (a follow added since the form opened: as stored). */
export const followAlerts = (values: AlertsFormValues, follow: FollowAlert) =>
  values.follows[follow.id] ?? follow.alerts

/**
 * The PATCH body: every setting (the zone always, so the server learns the viewer's clock), quiet hours
 * as both times or both null, and only the follows whose alerts changed (a follow removed meanwhile in
 * another tab is then not named, which the server would refuse).
 */
export function alertsUpdateOf(values: AlertsFormValues, settings: NotificationSettings): NotificationSettingsUpdate {
  const follows = settings.follows
    .filter((follow) => followAlerts(values, follow) !== follow.alerts)
    .map((follow) => ({ id: follow.id, alerts: followAlerts(values, follow) }))
  return {
    email: values.email,
    push: values.push,
    go_live: values.go_live,
    reminder_minutes: values.reminder === REMINDER_OFF ? null : Number(values.reminder),
    spoiler_free: values.spoiler_free,
    quiet_start: values.quiet ? timeOfDay(values.quiet_start) : null,
    quiet_end: values.quiet ? timeOfDay(values.quiet_end) : null,
    time_zone: values.time_zone,
    ...(follows.length > 0 ? { follows } : {}),
  }
}

/** What the form refuses before asking the server: quiet hours on need both times. */
export type AlertsFormProblem = 'quietMissing'

export function alertsFormProblems(
  values: AlertsFormValues,
): Partial<Record<'quiet_start' | 'quiet_end', AlertsFormProblem>> {
  if (!values.quiet) return {}
  const problems: Partial<Record<'quiet_start' | 'quiet_end', AlertsFormProblem>> = {}
  if (!TIME_OF_DAY.test(timeOfDay(values.quiet_start))) problems.quiet_start = 'quietMissing'
  if (!TIME_OF_DAY.test(timeOfDay(values.quiet_end))) problems.quiet_end = 'quietMissing'
  return problems
}

/**
 * The time zone select's choices: the browser's list (`Intl.supportedValuesOf`), with the chosen zone
 * added when the list lacks it (Chrome's list has no `UTC`, the server's default), sorted.
 */
export function timeZoneChoices(chosen: string, supported: readonly string[] | null): string[] {
  const zones = new Set(supported ?? [])
  zones.add(chosen)
  return [...zones].sort((a, b) => a.localeCompare(b))
}

/** The browser's own zone, or null when it does not say. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null
  } catch {
    return null
  }
}

/** The zones this browser knows, or null when it cannot list them. */
export function supportedTimeZones(): string[] | null {
  const intl = Intl as { supportedValuesOf?: (key: string) => string[] }
  try {
    return intl.supportedValuesOf?.('timeZone') ?? null
  } catch {
    return null
  }
}
