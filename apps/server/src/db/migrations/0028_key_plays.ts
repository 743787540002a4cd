import type { Kysely } from 'kysely'
import { type Dialect, idColumn, timestampColumn } from '../dialect.js'

/**
 * Key plays and the highlight reel (decision 0058): a key play is a moment of a game (a tag the scorer
 * tapped, or a score) with its official clip; the reel joins a final game's key plays into a library
 * video. Clips learn whether they are the channel's own and where they sit on the stream's clock.
 */
export function up(dialect: Dialect) {
  const big = timestampColumn(dialect)
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('key_plays')
      .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
      .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
      .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
      // The score action it came from (a tag, or a score): one key play per action.
      .addColumn('action_uid', 'varchar(36)', (c) => c.notNull())
      .addColumn('kind', 'varchar(8)', (c) => c.notNull())
      .addColumn('label', 'varchar(120)', (c) => c.notNull())
      .addColumn('tag', 'varchar(60)')
      .addColumn('side', 'varchar(8)')
      // The moment on the stream's clock (ms), the game's offset applied when it was made.
      .addColumn('moment_ms', 'bigint', (c) => c.notNull())
      .addColumn('before_s', 'real', (c) => c.notNull())
      .addColumn('after_s', 'real', (c) => c.notNull())
      // Seconds into the game's recording, once the recording holds the moment.
      .addColumn('position', 'real')
      .addColumn('home', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('away', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('period', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('clip_id', 'integer')
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('waiting'))
      .addColumn('created_at', big, (c) => c.notNull())
      .addColumn('updated_at', big, (c) => c.notNull())
      .addUniqueConstraint('key_plays_action', ['event_id', 'action_uid'])
      .execute()
    await db.schema.createIndex('key_plays_channel').on('key_plays').columns(['channel_id', 'created_at']).execute()

    await db.schema
      .createTable('highlight_reels')
      .addColumn('event_id', 'integer', (c) => c.primaryKey().references('events.id').onDelete('cascade'))
      .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('vod_item_id', 'integer')
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      // JSON: [{ start, title }]
      .addColumn('chapters', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('duration', 'real')
      .addColumn('error', 'text')
      .addColumn('created_at', big, (c) => c.notNull())
      .addColumn('updated_at', big, (c) => c.notNull())
      .execute()

    await db.schema
      .alterTable('clips')
      .addColumn('official', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
    await db.schema.alterTable('clips').addColumn('programme_start', big).execute()
  }
}
