import type { Kysely } from 'kysely'
import { type Dialect, timestampColumn } from '../dialect.js'
import { channelTable } from '../migration-columns.js'

/**
 * Premieres (issue 19, decision 30): a finished recording or library video played as an event's live
 * broadcast from a start time. One per event; `asset_id` is the recording whose segments are listed
 * as the clock passes them; `repeat_every_ms` (the demo's) schedules the next showing once one ends.
 */
export function up(dialect: Dialect) {
  const big = timestampColumn(dialect)
  return async (db: Kysely<unknown>) => {
    await channelTable(db, dialect, 'premieres')
      .addColumn('event_id', 'integer', (c) => c.notNull().unique().references('events.id').onDelete('cascade'))
      .addColumn('asset_id', 'integer', (c) => c.notNull().references('media_assets.id').onDelete('cascade'))
      .addColumn('starts_at', big, (c) => c.notNull())
      .addColumn('duration_ms', big, (c) => c.notNull())
      .addColumn('repeat_every_ms', big)
      .addColumn('created_at', big, (c) => c.notNull())
      .addColumn('updated_at', big, (c) => c.notNull())
      .execute()
    await db.schema.createIndex('premieres_channel').on('premieres').columns(['channel_id', 'starts_at']).execute()
  }
}
