import { type PushAlert, REMINDER_MINUTES } from '@fieldhouse/contract'
import type { FastifyBaseLogger } from 'fastify'
import { DateTime } from 'luxon'
import { GroupCommit } from '../../lib/group-commit.js'
import type { Mailer } from '../../lib/mailer.js'
import type { MailChannel } from '../accounts/mail-templates.js'
import { alertMail, alertWords } from './alert-mails.js'
import {
  type AlertOccasion,
  alertTargets,
  DEFAULT_ALERT_SETTINGS,
  dueReminderLeads,
  type Follower,
  runKey,
  sendKind,
} from './alert-rules.js'
import type { AlertSendsRepository, NewSend } from './alert-sends.repository.js'
import type { AlertTokenSigner } from './alert-token.js'
import type { PushSender } from './push-sender.js'

/** Sends per `alerts.send` job: a job is a batch the worker runs in one slot. */
export const SENDS_PER_JOB = 250
/** Sends of one batch under way at once (the mail pool's connections take them as they free up). */
const PARALLEL_SENDS = 8
/** A send a worker took this long ago and never finished: that worker died, and the send goes again. */
export const STALE_SEND_MS = 60_000
/** A reminder whose moment passed longer ago than this (a worker was down) is not sent. */
const REMINDER_GRACE_MS = 10 * 60_000
/** How long a push service keeps an alert for a browser that is off: a go-live is stale within the hour. */
const PUSH_TTL_S = { go_live: 3600, reminder: 1800 }

export interface AlertChannel extends MailChannel {
  id: number
  /** Where links point: the channel's primary domain, else PUBLIC_URL. */
  origin: string
  logo: string | null
}

/** What the fan-out asks of the job queue: the batches it makes. */
export interface AlertQueue {
  enqueueSend(batch: { eventId: number; ids: number[] }, channelId: number): Promise<unknown>
  enqueueFanout(occasion: AlertOccasion, eventId: number, channelId: number): Promise<unknown>
}

type Game = NonNullable<Awaited<ReturnType<AlertSendsRepository['game']>>>

/**
 * The alerts' work in the worker (decision 0056), never in a request: a game's fan-out finds its
 * followers, asks the rules who gets what, records one send per viewer, kind and way (a unique row, so
 * a retried fan-out adds none) and queues them in batches; each batch takes its sends, sends each
 * through the mail pool or the push service and marks it sent the moment it is accepted.
 */
export class AlertsService {
  /** Sends recorded as sent together, one statement for all that are ready in one turn. */
  private readonly marks = new GroupCommit<number>((ids) => this.d.repo.markSentMany(ids, this.d.clock()))

  constructor(
    private readonly d: {
      repo: AlertSendsRepository
      mailer: Mailer
      push: PushSender | null
      tokens: AlertTokenSigner
      channel: (channelId: number) => Promise<AlertChannel | null>
      queue: AlertQueue
      log: FastifyBaseLogger
      clock: () => number
    },
  ) {}

  /** Closes the mail pool's connections (shutdown). */
  close() {
    this.d.mailer.close?.()
  }

  /** The reminders whose moment has come: one fan-out per game and lead (scheduled, every minute). */
  async remindersDue() {
    const now = this.d.clock()
    const longest = Math.max(...REMINDER_MINUTES) * 60_000
    const games = await this.d.repo.upcomingGames(now, now + longest + 60_000)
    for (const game of games)
      for (const minutes of dueReminderLeads(game.event_utc_ts, now, REMINDER_MINUTES, REMINDER_GRACE_MS))
        await this.d.queue.enqueueFanout({ kind: 'reminder', minutes }, game.id, game.channel_id)
  }

  /** Finds who gets this game's alert and queues their sends; a second run of the same fan-out adds nothing. */
  async fanOut(eventId: number, occasion: AlertOccasion) {
    const { repo } = this.d
    const game = await repo.game(eventId)
    if (!game) return { recipients: 0 }
    // A reminder for a game that began, or went live, is no reminder.
    if (occasion.kind === 'reminder' && (game.stream_status !== 'upcoming' || game.event_utc_ts <= this.d.clock()))
      return { recipients: 0 }
    const key = runKey(occasion)
    const now = this.d.clock()
    if ((await repo.startRun(eventId, key, game.channel_id, now)).fannedOut) return { recipients: 0 }
    const followers = await this.followersOf(game)
    const sends: NewSend[] = followers.flatMap((f) =>
      alertTargets(f, occasion, now).map((t) => ({
        channel_id: game.channel_id,
        event_id: eventId,
        user_id: t.userId,
        kind: sendKind(occasion),
        via: t.via,
        target: t.target,
      })),
    )
    await repo.addSends(sends, now)
    const ids = await repo.unsentIds(eventId, sendKind(occasion))
    for (let i = 0; i < ids.length; i += SENDS_PER_JOB)
      await this.d.queue.enqueueSend({ eventId, ids: ids.slice(i, i + SENDS_PER_JOB) }, game.channel_id)
    await repo.finishRun(eventId, key, new Set(sends.map((s) => s.user_id)).size, this.d.clock())
    this.d.log.info({ event: eventId, alert: key, sends: sends.length }, 'alerts fanned out')
    return { recipients: sends.length }
  }

  private async followersOf(game: Game): Promise<Follower[]> {
    const rows = await this.d.repo.followers(game.channel_id, scopeOf(game))
    const browsers = new Map<number, number[]>()
    for (const p of await this.d.repo.pushTargets(rows.map((r) => r.user_id)))
      browsers.set(p.user_id, [...(browsers.get(p.user_id) ?? []), p.id])
    return rows.map((r) => ({
      userId: r.user_id,
      followAlerts: Number(r.alerts) === 1,
      mailable: Number(r.mailable) === 1,
      pushTargets: browsers.get(r.user_id) ?? [],
      settings:
        r.email === null
          ? DEFAULT_ALERT_SETTINGS
          : {
              email: r.email === 1,
              push: r.push === 1,
              goLive: r.go_live === 1,
              reminderMinutes: r.reminder_minutes,
              quietStart: r.quiet_start,
              quietEnd: r.quiet_end,
              timeZone: r.time_zone ?? 'UTC',
            },
    }))
  }

  /**
   * One batch: takes its sends (those another worker holds are left to it) and sends each, marking it
   * sent as soon as the relay or the push service accepted it, so a worker killed mid-batch leaves only
   * the sends it had not finished for the next attempt.
   */
  async sendBatch(eventId: number, ids: number[], signal?: AbortSignal, attempt = 1) {
    const { repo } = this.d
    // A batch is one job: at its next attempt, the previous attempt's worker is gone (its lease ran
    // out), so what it left taken is taken back at once.
    const claimed = await repo.claimSends(ids, this.d.clock(), attempt > 1 ? 0 : STALE_SEND_MS)
    if (!claimed.length) return { sent: 0 }
    const game = await repo.game(eventId)
    if (!game) {
      for (const s of claimed) await repo.markFailed(s.id, 'the game was deleted')
      return { sent: 0 }
    }
    const channel = await this.d.channel(game.channel_id)
    if (!channel) return { sent: 0 }
    const follows = await this.followedNames(
      game,
      claimed.map((s) => s.user_id),
    )
    let sent = 0
    let retry = 0
    let next = 0
    const worker = async () => {
      while (next < claimed.length && !signal?.aborted) {
        const s = claimed[next++] as (typeof claimed)[number]
        const outcome = await this.sendOne(s, game, channel, follows.get(s.user_id) ?? game.name)
        if (outcome === 'sent') sent++
        if (outcome === 'retry') retry++
      }
    }
    await Promise.all(Array.from({ length: Math.min(PARALLEL_SENDS, claimed.length) }, worker))
    // The relay or a push service was down: the job fails, and its retry sends what is still queued.
    if (retry > 0) throw new Error(`${retry} of ${claimed.length} alerts could not be sent yet`)
    return { sent }
  }

  /** What each viewer follows of the game, named as the mail says it ("Austin Owls, Volleyball"). */
  private async followedNames(game: Game, userIds: number[]) {
    const names = {
      participant: new Map(game.teams.map((t) => [t.id, t.name])),
      group: new Map(game.schools.map((g) => [g.id, g.name])),
      category: new Map(game.sports.map((c) => [c.id, c.name])),
    }
    const order = { participant: 0, group: 1, category: 2 }
    const rows = (await this.d.repo.followedBy([...new Set(userIds)], scopeOf(game))).sort(
      (a, b) => order[a.favoritable_type] - order[b.favoritable_type] || a.favoritable_id - b.favoritable_id,
    )
    const byUser = new Map<number, string[]>()
    for (const r of rows) {
      const name = names[r.favoritable_type].get(r.favoritable_id)
      if (name) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), name])
    }
    return new Map([...byUser].map(([user, list]) => [user, list.join(', ')]))
  }

  private async sendOne(
    s: Awaited<ReturnType<AlertSendsRepository['claimSends']>>[number],
    game: Game,
    channel: AlertChannel,
    followed: string,
  ): Promise<'sent' | 'retry' | 'failed'> {
    const { repo, tokens } = this.d
    const minutes = Math.max(0, (game.event_utc_ts - this.d.clock()) / 60_000)
    const when = DateTime.fromMillis(game.event_utc_ts, { zone: game.time_zone }).setLocale(channel.language)
    const alert = {
      kind: s.kind,
      game: gameTitle(game),
      minutes,
      when: when.isValid ? when.toLocaleString(DateTime.TIME_SIMPLE) : new Date(game.event_utc_ts).toISOString(),
      followed,
    }
    const alertToken = tokens.sign('alert', s.id)
    const watch = `${channel.origin}/api/alerts/c/${alertToken}`
    try {
      if (s.via === 'email') {
        const unsubscribe = tokens.sign('unsubscribe', s.user_id)
        const host = new URL(channel.origin).hostname
        const mail = alertMail(
          channel,
          s.email,
          alert,
          {
            watch,
            opened: `${channel.origin}/api/alerts/o/${alertToken}.gif`,
            settings: `${channel.origin}/profile/alerts`,
            unsubscribePage: `${channel.origin}/unsubscribe?token=${unsubscribe}`,
            unsubscribePost: `${channel.origin}/api/alerts/unsubscribe/${unsubscribe}`,
          },
          `<alert-${s.id}@${host}>`,
        )
        // Recorded as sent before the relay takes it (the message's end waits for the record): a worker
        // killed at any moment neither sends it twice nor loses it.
        await this.d.mailer.send(mail, () => this.marks.submit([s.id]))
        return 'sent'
      } else {
        if (!this.d.push || !s.endpoint || !s.p256dh || !s.auth) {
          await repo.markFailed(s.id, 'the browser no longer takes push alerts')
          return 'failed'
        }
        const words = alertWords(channel.language, alert)
        // What the service worker shows (the contract's PushAlertSchema).
        const alertPush: PushAlert = {
          title: words.title,
          body: words.body,
          url: watch,
          tag: `${s.kind}-${game.id}`,
          opened: `${channel.origin}/api/alerts/o/${alertToken}.gif`,
          ...(channel.logo ? { icon: channel.logo } : {}),
        }
        const payload = JSON.stringify(alertPush)
        const result = await this.d.push.send({ endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth }, payload, {
          topic: `${s.kind === 'go_live' ? 'live' : 'soon'}-${game.id}`.slice(0, 32),
          ttlS: PUSH_TTL_S[s.kind],
          urgency: s.kind === 'go_live' ? 'high' : 'normal',
        })
        if (result.outcome === 'gone') {
          await repo.dropPushSubscription(s.target)
          await repo.markFailed(s.id, result.detail ?? 'gone')
          return 'failed'
        }
        if (result.outcome === 'failed') {
          await repo.markFailed(s.id, result.detail ?? 'refused')
          return 'failed'
        }
        if (result.outcome === 'retry') {
          await repo.requeue(s.id)
          return 'retry'
        }
      }
      await this.marks.submit([s.id])
      return 'sent'
    } catch (error) {
      // The relay refused or could not be reached (after the record, if it was made: it is undone): the
      // send stays for the job's next attempt.
      this.d.log.warn({ err: error, send: s.id }, 'alert not sent')
      await repo.requeue(s.id)
      return 'retry'
    }
  }
}

/** What a game's followers follow: its teams, their schools, its sport and that sport's parents. */
const scopeOf = (game: Game) => ({
  participantIds: game.teams.map((t) => t.id),
  groupIds: game.schools.map((g) => g.id),
  categoryIds: game.sports.map((c) => c.id),
})

/** "Away @ Home" when the game has both sides, else its name. */
const gameTitle = (game: Game) => {
  const away = game.teams.find((t) => t.side === 'away')
  const home = game.teams.find((t) => t.side === 'home')
  return away && home ? `${away.name} @ ${home.name}` : game.name
}
