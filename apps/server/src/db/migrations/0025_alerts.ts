import type { Kysely } from 'kysely'
import { type Dialect, idColumn, timestampColumn } from '../dialect.js'

/**
 * Alerts for followed games (decision 0056): each viewer's settings, whether a favourite alerts, the
 * browsers that take push alerts, each alert's send (one row per viewer, game, kind and way, so a
 * retry never sends twice) and each fan-out's run.
 */
export function up(dialect: Dialect) {
  const big = timestampColumn(dialect)
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('notification_settings')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('email', 'integer', (c) => c.notNull())
      .addColumn('push', 'integer', (c) => c.notNull())
      .addColumn('go_live', 'integer', (c) => c.notNull())
      .addColumn('reminder_minutes', 'integer')
      .addColumn('spoiler_free', 'integer', (c) => c.notNull())
      .addColumn('quiet_start', 'text')
      .addColumn('quiet_end', 'text')
      .addColumn('time_zone', 'text', (c) => c.notNull())
      .addColumn('updated_at', big, (c) => c.notNull())
      .execute()
    await db.schema
      .alterTable('favorites')
      .addColumn('alerts', 'integer', (c) => c.notNull().defaultTo(1))
      .execute()
    // Who follows a team, a school or a sport: the fan-out's first question.
    await db.schema
      .createIndex('favorites_followed')
      .on('favorites')
      .columns(['favoritable_type', 'favoritable_id'])
      .execute()
    await db.schema
      .createTable('push_subscriptions')
      .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('endpoint', 'text', (c) => c.notNull().unique())
      .addColumn('p256dh', 'text', (c) => c.notNull())
      .addColumn('auth', 'text', (c) => c.notNull())
      .addColumn('created_at', big, (c) => c.notNull())
      .execute()
    await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute()
    await db.schema
      .createTable('alert_runs')
      .addColumn('event_id', 'integer', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
      .addColumn('started_at', big, (c) => c.notNull())
      .addColumn('fanned_out_at', big)
      .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('alert_runs_pk', ['event_id', 'kind'])
      .execute()
    await db.schema
      .createTable('alert_sends')
      .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
      .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
      .addColumn('event_id', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('via', 'text', (c) => c.notNull())
      // The browser a push goes to; 0 for the viewer's mail.
      .addColumn('target', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('error', 'text')
      .addColumn('created_at', big, (c) => c.notNull())
      .addColumn('sending_at', big)
      .addColumn('sent_at', big)
      .addColumn('opened_at', big)
      .addColumn('clicked_at', big)
      .addUniqueConstraint('alert_sends_once', ['event_id', 'user_id', 'kind', 'via', 'target'])
      .execute()
    await db.schema.createIndex('alert_sends_event').on('alert_sends').columns(['event_id', 'kind', 'status']).execute()
  }
}
