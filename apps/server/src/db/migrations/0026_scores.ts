import type { Kysely } from 'kysely'
import { type Dialect, idColumn, timestampColumn } from '../dialect.js'

/**
 * Game day (decision 0057): each scored game (its sport, the offset that meets the picture, its
 * status and version, and its score now, kept in step with the log), the log of actions stamped on
 * the stream's clock (an action's id recorded once per game, so a resent batch records nothing new),
 * and each channel's score-feed secret generation (the secret itself is derived, never stored).
 */
export function up(dialect: Dialect) {
  const big = timestampColumn(dialect)
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('score_games')
      .addColumn('event_id', 'integer', (c) => c.primaryKey().references('events.id').onDelete('cascade'))
      .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
      // Null: the sport of the event's top-level category.
      .addColumn('sport', 'varchar(40)')
      .addColumn('offset_ms', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      // The score now (every action applied), written with the actions: what event lists show.
      .addColumn('home', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('away', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('period', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('final_at', big)
      .addColumn('updated_at', big, (c) => c.notNull())
      .execute()
    await db.schema.createIndex('score_games_channel').on('score_games').columns(['channel_id', 'status']).execute()
    await db.schema
      .createTable('score_actions')
      .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
      .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
      .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
      .addColumn('uid', 'varchar(36)', (c) => c.notNull())
      .addColumn('type', 'varchar(16)', (c) => c.notNull())
      .addColumn('side', 'varchar(8)')
      .addColumn('scoring', 'varchar(40)')
      .addColumn('points', 'integer')
      .addColumn('period', 'integer')
      .addColumn('running', 'integer')
      .addColumn('clock_ms', 'integer')
      .addColumn('tag', 'varchar(60)')
      .addColumn('target', 'varchar(36)')
      // The stream's clock (the server's, as the recording's program date-time is), in ms.
      .addColumn('stream_ms', 'bigint', (c) => c.notNull())
      .addColumn('source', 'varchar(16)', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', big, (c) => c.notNull())
      .addUniqueConstraint('score_actions_once', ['event_id', 'uid'])
      .execute()
    await db.schema.createIndex('score_actions_time').on('score_actions').columns(['event_id', 'stream_ms']).execute()
    await db.schema
      .createTable('score_feeds')
      .addColumn('channel_id', 'integer', (c) => c.primaryKey().references('channels.id').onDelete('cascade'))
      .addColumn('generation', 'integer', (c) => c.notNull())
      .addColumn('rotated_at', big, (c) => c.notNull())
      .execute()
  }
}
