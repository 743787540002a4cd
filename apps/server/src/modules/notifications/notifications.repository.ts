import { type Kysely, sql } from 'kysely'
import type { Database, NotificationSettingsTable } from '../../db/schema.js'

type SettingsRow = Omit<NotificationSettingsTable, 'user_id' | 'updated_at'>

/** The only code that queries for a viewer's alert settings and browsers, an alert's links, and the console's figures. */
export class NotificationsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  settings(userId: number) {
    return this.db.selectFrom('notification_settings').selectAll().where('user_id', '=', userId).executeTakeFirst()
  }

  async saveSettings(userId: number, row: SettingsRow, now: number) {
    await this.db
      .insertInto('notification_settings')
      .values({ user_id: userId, ...row, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...row, updated_at: now }))
      .execute()
  }

  /** The viewer's follows with the name of what each follows (on their channel), oldest first. */
  follows(userId: number, channelId: number) {
    return this.db
      .selectFrom('favorites')
      .leftJoin('participants', (j) =>
        j
          .onRef('participants.id', '=', 'favorites.favoritable_id')
          .on('favorites.favoritable_type', '=', 'participant')
          .on('participants.channel_id', '=', channelId),
      )
      .leftJoin('participant_groups', (j) =>
        j
          .onRef('participant_groups.id', '=', 'favorites.favoritable_id')
          .on('favorites.favoritable_type', '=', 'group')
          .on('participant_groups.channel_id', '=', channelId),
      )
      .leftJoin('event_categories', (j) =>
        j
          .onRef('event_categories.id', '=', 'favorites.favoritable_id')
          .on('favorites.favoritable_type', '=', 'category')
          .on('event_categories.channel_id', '=', channelId),
      )
      .select([
        'favorites.id',
        'favorites.favoritable_type',
        'favorites.favoritable_id',
        'favorites.alerts',
        'participants.name as participant_name',
        'participant_groups.name as group_name',
        'event_categories.name as category_name',
      ])
      .where('favorites.user_id', '=', userId)
      .orderBy('favorites.id')
      .execute()
  }

  async setFollowAlerts(userId: number, favoriteId: number, alerts: boolean) {
    const result = await this.db
      .updateTable('favorites')
      .set({ alerts: alerts ? 1 : 0 })
      .where('id', '=', favoriteId)
      .where('user_id', '=', userId)
      .executeTakeFirst()
    return Number(result.numUpdatedRows) > 0
  }

  /** Registers a browser for a viewer; the same browser signed in as someone else now alerts them. */
  async addPushSubscription(userId: number, s: { endpoint: string; p256dh: string; auth: string }, now: number) {
    await this.db
      .insertInto('push_subscriptions')
      .values({ user_id: userId, ...s, created_at: now })
      .onConflict((oc) => oc.column('endpoint').doUpdateSet({ user_id: userId, p256dh: s.p256dh, auth: s.auth }))
      .execute()
  }

  async removePushSubscription(userId: number, endpoint: string) {
    const result = await this.db
      .deleteFrom('push_subscriptions')
      .where('user_id', '=', userId)
      .where('endpoint', '=', endpoint)
      .executeTakeFirst()
    return Number(result.numDeletedRows) > 0
  }

  async pushDevices(userId: number) {
    const row = await this.db
      .selectFrom('push_subscriptions')
      .select(sql<number>`count(*)`.as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  async hasPushSubscription(userId: number, endpoint: string) {
    const row = await this.db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', userId)
      .where('endpoint', '=', endpoint)
      .executeTakeFirst()
    return row !== undefined
  }

  /** The alert was seen (mail opened, push shown); answers its game and channel. */
  async markOpened(id: number, now: number) {
    await this.db
      .updateTable('alert_sends')
      .set({ opened_at: now })
      .where('id', '=', id)
      .where('opened_at', 'is', null)
      .execute()
    return this.db.selectFrom('alert_sends').select(['event_id', 'channel_id']).where('id', '=', id).executeTakeFirst()
  }

  /** The alert's link was followed (which means it was seen too). */
  async markClicked(id: number, now: number) {
    await this.db
      .updateTable('alert_sends')
      .set({ clicked_at: now })
      .where('id', '=', id)
      .where('clicked_at', 'is', null)
      .execute()
    return this.markOpened(id, now)
  }

  /** How many alerts each of the channel's games sent, by kind and way, with how many were opened and followed. */
  stats(channelId: number, limit: number) {
    return this.db
      .selectFrom('alert_sends')
      .innerJoin('events', 'events.id', 'alert_sends.event_id')
      .select([
        'alert_sends.event_id',
        'events.name',
        'events.event_utc_ts',
        'alert_sends.kind',
        'alert_sends.via',
        sql<number>`sum(case when alert_sends.status = 'sent' then 1 else 0 end)`.as('sent'),
        sql<number>`sum(case when alert_sends.status = 'failed' then 1 else 0 end)`.as('failed'),
        sql<number>`sum(case when alert_sends.opened_at is not null then 1 else 0 end)`.as('opened'),
        sql<number>`sum(case when alert_sends.clicked_at is not null then 1 else 0 end)`.as('clicked'),
      ])
      .where('alert_sends.channel_id', '=', channelId)
      .groupBy(['alert_sends.event_id', 'events.name', 'events.event_utc_ts', 'alert_sends.kind', 'alert_sends.via'])
      .orderBy('events.event_utc_ts', 'desc')
      .orderBy('alert_sends.event_id', 'desc')
      .limit(limit)
      .execute()
  }
}
