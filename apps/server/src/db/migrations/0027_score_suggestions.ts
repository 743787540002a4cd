import type { Kysely } from 'kysely'
import { type Dialect, idColumn, timestampColumn } from '../dialect.js'

/**
 * Game day (decision 0057): the plays a scorer may have missed — cheers heard in a live game's sound,
 * each at its moment on the stream's clock, open until the scorer takes it as a key play (the tag
 * action it became) or dismisses it.
 */
export function up(dialect: Dialect) {
  const big = timestampColumn(dialect)
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('score_suggestions')
      .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
      .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
      .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
      // The moment on the stream's clock (the server's, as the recording's program date-time is), in ms.
      .addColumn('stream_ms', 'bigint', (c) => c.notNull())
      // How far the crowd's loudness rose over its recent median, in LU.
      .addColumn('rise_lu', 'real', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('open'))
      // The tag action an accepted one became.
      .addColumn('action_uid', 'varchar(36)')
      .addColumn('created_at', big, (c) => c.notNull())
      .addColumn('decided_at', big)
      .execute()
    await db.schema
      .createIndex('score_suggestions_open')
      .on('score_suggestions')
      .columns(['event_id', 'status'])
      .execute()
  }
}
