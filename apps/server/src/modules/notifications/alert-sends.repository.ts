import { type ExpressionBuilder, type Kysely, sql } from 'kysely'
import type { AlertSendTable, Database } from '../../db/schema.js'

const some = (ids: number[]) => (ids.length ? ids : [0])

/** What a game's followers follow: its teams, their schools, its sport and that sport's parents. */
export interface FollowScope {
  participantIds: number[]
  groupIds: number[]
  categoryIds: number[]
}

/** A favourite of any of these teams, schools or sports. */
const followsAnyOf = (scope: FollowScope) => (eb: ExpressionBuilder<Database, 'favorites'>) =>
  eb.or(
    (
      [
        ['participant', scope.participantIds],
        ['group', scope.groupIds],
        ['category', scope.categoryIds],
      ] as const
    ).map(([type, ids]) =>
      eb.and([eb('favorites.favoritable_type', '=', type), eb('favorites.favoritable_id', 'in', some(ids))]),
    ),
  )

export type NewSend = Pick<AlertSendTable, 'channel_id' | 'event_id' | 'user_id' | 'kind' | 'via' | 'target'>

/** Rows per statement: SQLite allows 32,766 bound values, PostgreSQL 65,535; an insert of sends binds 8 a row. */
const CHUNK = 500
const chunks = <T>(list: T[], size = CHUNK) =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size))

/**
 * The only code that queries for the alerts' work in the worker: a game and who follows it, each
 * fan-out's run, and the sends — added once, taken, and marked as each went.
 */
export class AlertSendsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A subscription the push service says is gone (404, 410). */
  async dropPushSubscription(id: number) {
    await this.db.deleteFrom('push_subscriptions').where('id', '=', id).execute()
  }

  /** A game as its alerts need it: the channel, its teams with their schools, its sport and that sport's parents. */
  async game(eventId: number) {
    const event = await this.db
      .selectFrom('events')
      .select(['id', 'channel_id', 'name', 'event_utc_ts', 'time_zone', 'stream_status', 'event_category_id'])
      .where('id', '=', eventId)
      .executeTakeFirst()
    if (!event) return undefined
    const teams = await this.db
      .selectFrom('event_participants')
      .innerJoin('participants', 'participants.id', 'event_participants.participant_id')
      .select(['participants.id', 'participants.name', 'participants.group_id', 'event_participants.side'])
      .where('event_participants.event_id', '=', eventId)
      .orderBy('participants.id')
      .execute()
    const categories = await this.db
      .selectFrom('event_categories')
      .select(['id', 'parent_id', 'name'])
      .where('channel_id', '=', event.channel_id)
      .execute()
    const byId = new Map(categories.map((c) => [c.id, c]))
    const sports: { id: number; name: string }[] = []
    let c = byId.get(event.event_category_id ?? 0)
    while (c && !sports.some((s) => s.id === c?.id)) {
      sports.push({ id: c.id, name: c.name })
      c = c.parent_id === null ? undefined : byId.get(c.parent_id)
    }
    const groupIds = [...new Set(teams.flatMap((t) => (t.group_id === null ? [] : [t.group_id])))]
    const schools = await this.db
      .selectFrom('participant_groups')
      .select(['id', 'name'])
      .where('id', 'in', some(groupIds))
      .orderBy('id')
      .execute()
    return { ...event, teams, schools, sports }
  }

  /** Which of these teams, schools and sports each of these viewers follows. */
  async followedBy(userIds: number[], scope: FollowScope) {
    return this.db
      .selectFrom('favorites')
      .select(['user_id', 'favoritable_type', 'favoritable_id'])
      .where('user_id', 'in', some(userIds))
      .where(followsAnyOf(scope))
      .execute()
  }

  /**
   * The channel's viewers who follow any of these teams, schools or sports, with whether any matching
   * follow alerts, their settings (null: the defaults) and whether mail reaches them (verified, not
   * blocked).
   */
  async followers(channelId: number, scope: FollowScope) {
    return this.db
      .selectFrom('favorites')
      .innerJoin('users', 'users.id', 'favorites.user_id')
      .leftJoin('notification_settings', 'notification_settings.user_id', 'users.id')
      .select([
        'users.id as user_id',
        sql<number>`max(favorites.alerts)`.as('alerts'),
        sql<number>`max(case when users.email_verified_at is not null and users.blocked_at is null then 1 else 0 end)`.as(
          'mailable',
        ),
        'notification_settings.email',
        'notification_settings.push',
        'notification_settings.go_live',
        'notification_settings.reminder_minutes',
        'notification_settings.quiet_start',
        'notification_settings.quiet_end',
        'notification_settings.time_zone',
      ])
      .where('users.channel_id', '=', channelId)
      .where(followsAnyOf(scope))
      .groupBy([
        'users.id',
        'notification_settings.email',
        'notification_settings.push',
        'notification_settings.go_live',
        'notification_settings.reminder_minutes',
        'notification_settings.quiet_start',
        'notification_settings.quiet_end',
        'notification_settings.time_zone',
      ])
      .execute()
  }

  /** The push subscriptions of these viewers, as (id, user). */
  async pushTargets(userIds: number[]) {
    const rows: { id: number; user_id: number }[] = []
    for (const ids of chunks(userIds))
      rows.push(
        ...(await this.db
          .selectFrom('push_subscriptions')
          .select(['id', 'user_id'])
          .where('user_id', 'in', ids)
          .execute()),
      )
    return rows
  }

  /** Records a fan-out's start, once per game and kind; answers whether it had fanned out already. */
  async startRun(eventId: number, key: string, channelId: number, now: number) {
    await this.db
      .insertInto('alert_runs')
      .values({ event_id: eventId, kind: key, channel_id: channelId, started_at: now, fanned_out_at: null })
      .onConflict((oc) => oc.columns(['event_id', 'kind']).doNothing())
      .execute()
    const run = await this.db
      .selectFrom('alert_runs')
      .select('fanned_out_at')
      .where('event_id', '=', eventId)
      .where('kind', '=', key)
      .executeTakeFirstOrThrow()
    return { fannedOut: run.fanned_out_at !== null }
  }

  async finishRun(eventId: number, key: string, recipients: number, now: number) {
    await this.db
      .updateTable('alert_runs')
      .set({ fanned_out_at: now, recipients })
      .where('event_id', '=', eventId)
      .where('kind', '=', key)
      .execute()
  }

  /** Adds the sends; one already there (a retried fan-out) stays as it is. */
  async addSends(sends: NewSend[], now: number) {
    for (const part of chunks(sends))
      await this.db
        .insertInto('alert_sends')
        .values(part.map((s) => ({ ...s, status: 'queued' as const, created_at: now })))
        .onConflict((oc) => oc.columns(['event_id', 'user_id', 'kind', 'via', 'target']).doNothing())
        .execute()
  }

  /** The ids of a game's sends of one kind still to go (queued, or left sending by a worker that died). */
  async unsentIds(eventId: number, kind: 'reminder' | 'go_live') {
    const rows = await this.db
      .selectFrom('alert_sends')
      .select('id')
      .where('event_id', '=', eventId)
      .where('kind', '=', kind)
      .where('status', 'in', ['queued', 'sending'])
      .orderBy('id')
      .execute()
    return rows.map((r) => r.id)
  }

  /**
   * Takes these sends for sending: the queued ones, and those a worker took `staleMs` ago or more and
   * never finished (it died between taking and sending). Answers what each needs.
   */
  async claimSends(ids: number[], now: number, staleMs: number) {
    // What this update took is this worker's alone: another worker's claim of the same rows finds them taken.
    const taken = await this.db
      .updateTable('alert_sends')
      .set({ status: 'sending', sending_at: now })
      .where('id', 'in', some(ids))
      .where((eb) =>
        eb.or([
          eb('status', '=', 'queued'),
          eb.and([eb('status', '=', 'sending'), eb('sending_at', '<=', now - staleMs)]),
        ]),
      )
      .returning('id')
      .execute()
    if (!taken.length) return []
    return this.db
      .selectFrom('alert_sends')
      .innerJoin('users', 'users.id', 'alert_sends.user_id')
      .leftJoin('push_subscriptions', 'push_subscriptions.id', 'alert_sends.target')
      .select([
        'alert_sends.id',
        'alert_sends.channel_id',
        'alert_sends.event_id',
        'alert_sends.user_id',
        'alert_sends.kind',
        'alert_sends.via',
        'alert_sends.target',
        'users.email',
        'users.first_name',
        'push_subscriptions.endpoint',
        'push_subscriptions.p256dh',
        'push_subscriptions.auth',
      ])
      .where(
        'alert_sends.id',
        'in',
        taken.map((r) => r.id),
      )
      .orderBy('alert_sends.id')
      .execute()
  }

  /** These sends went (or are about to be released to the relay, which is the same: see `Mailer.send`). */
  async markSentMany(ids: number[], now: number) {
    await this.db
      .updateTable('alert_sends')
      .set({ status: 'sent', sent_at: now, error: null })
      .where('id', 'in', some(ids))
      .execute()
  }

  async markFailed(id: number, error: string) {
    await this.db
      .updateTable('alert_sends')
      .set({ status: 'failed', error: error.slice(0, 500) })
      .where('id', '=', id)
      .execute()
  }

  /** A send that may go again (the relay was down): back in the queue. */
  async requeue(id: number) {
    await this.db.updateTable('alert_sends').set({ status: 'queued', sending_at: null }).where('id', '=', id).execute()
  }

  /** The channel's games whose start lies in [from, to) and that have not begun, for the reminders. */
  upcomingGames(from: number, to: number) {
    return this.db
      .selectFrom('events')
      .select(['id', 'channel_id', 'event_utc_ts'])
      .where('stream_status', '=', 'upcoming')
      .where('event_utc_ts', '>=', from)
      .where('event_utc_ts', '<', to)
      .execute()
  }
}
