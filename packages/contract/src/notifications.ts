import { z } from 'zod'
import { isTimeZone } from './format/channel-time.js'

/**
 * Alerts for what a viewer follows (decision 0056): a reminder before a followed game starts and a
 * "live now" when its stream can be watched, by email and by web push, as each viewer sets them.
 */

/** What an alert says: the game starts soon, or it is live now. */
export const AlertKind = { reminder: 'reminder', go_live: 'go_live' } as const
export type AlertKind = (typeof AlertKind)[keyof typeof AlertKind]

/** How an alert reaches a viewer. */
export const AlertVia = { email: 'email', push: 'push' } as const
export type AlertVia = (typeof AlertVia)[keyof typeof AlertVia]

/** How long before a game's start its reminder may go, in minutes. */
export const REMINDER_MINUTES = [15, 30, 60, 120, 1440] as const
export const DEFAULT_REMINDER_MINUTES = 30

/** A time of day on the viewer's clock, `HH:MM` (24 h). */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/

const timeOfDay = z.string().regex(TIME_OF_DAY, 'A time is HH:MM, for example 22:00')

/** One followed team, school or sport, and whether its games alert. */
export const FollowAlertSchema = z.object({
  /** The favourite's id. */
  id: z.number().int(),
  favoritable_type: z.enum(['participant', 'group', 'category']),
  favoritable_id: z.number().int(),
  name: z.string(),
  alerts: z.boolean(),
})
export type FollowAlert = z.infer<typeof FollowAlertSchema>

/** A viewer's alert settings, as `GET /api/notifications/settings` answers them. */
export const NotificationSettingsSchema = z.object({
  email: z.boolean(),
  push: z.boolean(),
  go_live: z.boolean(),
  /** Minutes before the start a reminder goes; null: no reminders. */
  reminder_minutes: z.number().int().nullable(),
  /** Final scores hidden everywhere they would be sent (alerts, calendar entries). */
  spoiler_free: z.boolean(),
  /** No alert between these times on the viewer's clock; both null: none. */
  quiet_start: z.string().nullable(),
  quiet_end: z.string().nullable(),
  time_zone: z.string(),
  follows: z.array(FollowAlertSchema),
  /** The server's VAPID public key (base64url) for `pushManager.subscribe`; null when push is off. */
  vapid_public_key: z.string().nullable(),
  /** How many browsers of this viewer receive push alerts. */
  push_devices: z.number().int(),
})
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>

/** What a viewer may change; each field optional. */
export const NotificationSettingsUpdateSchema = z
  .object({
    email: z.boolean(),
    push: z.boolean(),
    go_live: z.boolean(),
    reminder_minutes: z
      .number()
      .int()
      .refine((m) => (REMINDER_MINUTES as readonly number[]).includes(m), {
        message: `Choose one of ${REMINDER_MINUTES.join(', ')} minutes`,
      })
      .nullable(),
    spoiler_free: z.boolean(),
    quiet_start: timeOfDay.nullable(),
    quiet_end: timeOfDay.nullable(),
    time_zone: z.string().max(64).refine(isTimeZone, { message: 'Unknown time zone' }),
    follows: z.array(z.object({ id: z.number().int().positive(), alerts: z.boolean() })).max(500),
  })
  .partial()
  .refine((s) => (s.quiet_start === undefined) === (s.quiet_end === undefined), {
    message: 'Give both ends of the quiet hours',
    path: ['quiet_end'],
  })
  .refine((s) => (s.quiet_start === null) === (s.quiet_end === null), {
    message: 'Give both ends of the quiet hours, or neither',
    path: ['quiet_end'],
  })
export type NotificationSettingsUpdate = z.infer<typeof NotificationSettingsUpdateSchema>

const base64url = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Not base64url')

/** A browser's push subscription (`PushSubscription.toJSON()`), as it is registered. */
export const PushSubscriptionInputSchema = z.object({
  endpoint: z.string().url().max(1000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url.min(80).max(100), auth: base64url.min(16).max(32) }),
})
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInputSchema>

/** What a push alert carries to the service worker, which shows it. */
export const PushAlertSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** Where a press on the alert goes (through the click counter). */
  url: z.string(),
  /** One notification per game and kind: a repeat replaces, never adds. */
  tag: z.string(),
  icon: z.string().optional(),
  /** Counted as opened when the service worker shows it. */
  opened: z.string().optional(),
})
export type PushAlert = z.infer<typeof PushAlertSchema>

/** The alerts one game sent, for the console. */
export const EventAlertStatsSchema = z.object({
  event_id: z.number().int(),
  name: z.string(),
  event_utc_ts: z.string(),
  kind: z.enum(['reminder', 'go_live']),
  via: z.enum(['email', 'push']),
  sent: z.number().int(),
  failed: z.number().int(),
  opened: z.number().int(),
  clicked: z.number().int(),
})
export type EventAlertStats = z.infer<typeof EventAlertStatsSchema>
