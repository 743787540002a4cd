import type { Kysely } from 'kysely'
import { type Dialect, timestampColumn } from '../dialect.js'

/**
 * Calendar feeds (decision 0055): an event's revision for its calendar entry (`SEQUENCE`), the games
 * an operator cancelled (deleted before they were played) kept for the feeds to say so, and each
 * viewer's private follows link (a version that renewing bumps; no token is stored).
 */
export function up(dialect: Dialect) {
  const big = timestampColumn(dialect)
  return async (db: Kysely<unknown>) => {
    await db.schema
      .alterTable('events')
      .addColumn('calendar_sequence', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
    await db.schema
      .createTable('calendar_cancellations')
      .addColumn('event_id', 'integer', (c) => c.notNull())
      // With the id, what makes the game's UID: SQLite may give a later event the same id.
      .addColumn('event_created_at', big, (c) => c.notNull())
      .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('event_utc_ts', big, (c) => c.notNull())
      .addColumn('time_zone', 'text', (c) => c.notNull())
      .addColumn('location', 'text')
      .addColumn('category_id', 'integer')
      .addColumn('participant_ids', 'text', (c) => c.notNull())
      .addColumn('group_ids', 'text', (c) => c.notNull())
      .addColumn('sequence', 'integer', (c) => c.notNull())
      .addColumn('cancelled_at', big, (c) => c.notNull())
      .addPrimaryKeyConstraint('calendar_cancellations_pk', ['event_id', 'event_created_at'])
      .execute()
    await db.schema
      .createIndex('calendar_cancellations_channel')
      .on('calendar_cancellations')
      .columns(['channel_id', 'cancelled_at'])
      .execute()
    await db.schema
      .createTable('calendar_links')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('active', 'integer', (c) => c.notNull())
      .addColumn('updated_at', big, (c) => c.notNull())
      .execute()
  }
}
