import {
  type EventAlertStats,
  messages,
  type NotificationSettings,
  type NotificationSettingsUpdate,
  type PushSubscriptionInput,
} from '@fieldhouse/contract'
import { invalid, notFound, unauthorized } from '../../lib/errors.js'
import type { Session } from '../../lib/session.js'
import { type AlertSettings, DEFAULT_ALERT_SETTINGS } from './alert-rules.js'
import type { AlertTokenSigner } from './alert-token.js'
import type { NotificationsRepository } from './notifications.repository.js'

type Stored = NonNullable<Awaited<ReturnType<NotificationsRepository['settings']>>>

const fromRow = (row: Stored | undefined): AlertSettings & { spoilerFree: boolean } =>
  row
    ? {
        email: row.email === 1,
        push: row.push === 1,
        goLive: row.go_live === 1,
        reminderMinutes: row.reminder_minutes,
        quietStart: row.quiet_start,
        quietEnd: row.quiet_end,
        timeZone: row.time_zone,
        spoilerFree: row.spoiler_free === 1,
      }
    : { ...DEFAULT_ALERT_SETTINGS, spoilerFree: false }

const toRow = (s: AlertSettings & { spoilerFree: boolean }) => ({
  email: s.email ? 1 : 0,
  push: s.push ? 1 : 0,
  go_live: s.goLive ? 1 : 0,
  reminder_minutes: s.reminderMinutes,
  spoiler_free: s.spoilerFree ? 1 : 0,
  quiet_start: s.quietStart,
  quiet_end: s.quietEnd,
  time_zone: s.timeZone,
})

/**
 * What a viewer sets of their alerts (decision 0056): which ways, which occasions, quiet hours, which
 * follows alert, and the browsers that take push; the signed links a mail carries (one-click
 * unsubscribe, the open and click counters); and, for the console, what each game's alerts did.
 */
export class NotificationsService {
  constructor(
    private readonly d: {
      repo: NotificationsRepository
      tokens: AlertTokenSigner
      /** The VAPID public key browsers subscribe with; null when push is off. */
      vapidPublicKey: string | null
      /** Whether the server may send to this push endpoint (the browsers' push services only). */
      endpointAllowed: (endpoint: string) => boolean
      clock: () => number
    },
  ) {}

  private userOf(session: Session) {
    if (!session.userId) throw unauthorized(messages.loginRequired)
    return session.userId
  }

  async settings(session: Session): Promise<NotificationSettings> {
    const userId = this.userOf(session)
    const [row, follows, devices] = await Promise.all([
      this.d.repo.settings(userId),
      this.d.repo.follows(userId, session.channel.id),
      this.d.repo.pushDevices(userId),
    ])
    const s = fromRow(row)
    return {
      email: s.email,
      push: s.push,
      go_live: s.goLive,
      reminder_minutes: s.reminderMinutes,
      spoiler_free: s.spoilerFree,
      quiet_start: s.quietStart,
      quiet_end: s.quietEnd,
      time_zone: s.timeZone,
      // A follow whose team, school or sport is gone from the channel is not shown (as in the favourites).
      follows: follows.flatMap((f) => {
        const name = f.participant_name ?? f.group_name ?? f.category_name
        return name === null
          ? []
          : [
              {
                id: f.id,
                favoritable_type: f.favoritable_type,
                favoritable_id: f.favoritable_id,
                name,
                alerts: f.alerts === 1,
              },
            ]
      }),
      vapid_public_key: this.d.vapidPublicKey,
      push_devices: devices,
    }
  }

  async update(session: Session, input: NotificationSettingsUpdate): Promise<NotificationSettings> {
    const userId = this.userOf(session)
    for (const f of input.follows ?? [])
      if (!(await this.d.repo.setFollowAlerts(userId, f.id, f.alerts))) throw notFound('favorite')
    const s = fromRow(await this.d.repo.settings(userId))
    const next = {
      email: input.email ?? s.email,
      push: input.push ?? s.push,
      goLive: input.go_live ?? s.goLive,
      reminderMinutes: input.reminder_minutes === undefined ? s.reminderMinutes : input.reminder_minutes,
      spoilerFree: input.spoiler_free ?? s.spoilerFree,
      quietStart: input.quiet_start === undefined ? s.quietStart : input.quiet_start,
      quietEnd: input.quiet_end === undefined ? s.quietEnd : input.quiet_end,
      timeZone: input.time_zone ?? s.timeZone,
    }
    await this.d.repo.saveSettings(userId, toRow(next), this.d.clock())
    return this.settings(session)
  }

  /** This browser takes the viewer's push alerts. */
  async subscribePush(session: Session, input: PushSubscriptionInput) {
    const userId = this.userOf(session)
    if (!this.d.vapidPublicKey) throw invalid({ endpoint: ['Push alerts are not available'] })
    if (!this.d.endpointAllowed(input.endpoint))
      throw invalid({ endpoint: ['This browser’s push service is not supported'] })
    await this.d.repo.addPushSubscription(
      userId,
      { endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth },
      this.d.clock(),
    )
    return { subscribed: true as const, push_devices: await this.d.repo.pushDevices(userId) }
  }

  /** This browser takes no more push alerts (the viewer's other browsers still do). */
  async unsubscribePush(session: Session, endpoint: string) {
    const userId = this.userOf(session)
    if (!(await this.d.repo.removePushSubscription(userId, endpoint))) throw notFound('push subscription')
    return { subscribed: false as const, push_devices: await this.d.repo.pushDevices(userId) }
  }

  /** Whether this browser (its endpoint) takes the viewer's push alerts. */
  async pushStatus(session: Session, endpoint: string) {
    const userId = this.userOf(session)
    return { subscribed: await this.d.repo.hasPushSubscription(userId, endpoint) }
  }

  /**
   * One-click unsubscribe (RFC 8058) and the mail's own link: a signed token of this purpose turns the
   * viewer's mail alerts off, signed out. A token that does not read answers 404.
   */
  async unsubscribe(token: string) {
    const userId = this.d.tokens.read('unsubscribe', token)
    if (userId === null) throw notFound('link')
    const s = fromRow(await this.d.repo.settings(userId))
    await this.d.repo.saveSettings(userId, toRow({ ...s, email: false }), this.d.clock())
    return { email: false as const }
  }

  /** The mail was opened or the push shown; nothing is said of a token that does not read. */
  async opened(token: string) {
    const id = this.d.tokens.read('alert', token)
    if (id !== null) await this.d.repo.markOpened(id, this.d.clock())
  }

  /** The alert's link was followed: counted, and the game's id answered for the redirect (null: unknown). */
  async clicked(token: string) {
    const id = this.d.tokens.read('alert', token)
    if (id === null) return null
    const send = await this.d.repo.markClicked(id, this.d.clock())
    return send ? { eventId: send.event_id, channelId: send.channel_id } : null
  }

  /** The console: each game's alerts by kind and way, newest games first. */
  async stats(channelId: number): Promise<EventAlertStats[]> {
    const rows = await this.d.repo.stats(channelId, 200)
    return rows.map((r) => ({
      event_id: r.event_id,
      name: r.name,
      event_utc_ts: new Date(Number(r.event_utc_ts)).toISOString(),
      kind: r.kind,
      via: r.via,
      sent: Number(r.sent),
      failed: Number(r.failed),
      opened: Number(r.opened),
      clicked: Number(r.clicked),
    }))
  }
}
