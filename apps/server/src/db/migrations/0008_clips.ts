import type { Kysely } from 'kysely'
import { type Dialect, idColumn, timestampColumn } from '../dialect.js'
import { channelTable, timestamps } from '../migration-columns.js'

/**
 * Clips (issue 15, decision 16): a viewer's cut of an event's recording, its channel's clip tags, and
 * the record of each granted download (clip or event) that `featureCount.downloads` counts.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('clips')
      // Never reused, on SQLite too (AUTOINCREMENT; a PostgreSQL sequence never goes back): a deleted
      // clip's id names no later clip.
      .addColumn('id', idColumn(dialect), (c) =>
        dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
      )
      .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      /** The share link's second half (`/share/{id}/{uuid}`): random, never guessed from the id. */
      .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
      .addColumn('event_id', 'integer', (c) => c.references('events.id').onDelete('cascade'))
      /** The recording it was cut from (`event_media_id`). */
      .addColumn('asset_id', 'integer', (c) => c.notNull())
      .addColumn('name', 'varchar(120)', (c) => c.notNull())
      /** JSON array of tag names. */
      .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
      /** Seconds into the recording. */
      .addColumn('start_time', 'double precision', (c) => c.notNull())
      .addColumn('duration', 'double precision', (c) => c.notNull())
      /** queued | processing | ready | failed */
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('failure_reason', 'text')
      /** Bytes the ready clip keeps in the media store (its MP4, poster and HLS). */
      .addColumn('bytes', timestampColumn(dialect), (c) => c.notNull().defaultTo(0))
      .$call(timestamps(dialect))
      .execute()
    await db.schema.createIndex('clips_user').on('clips').columns(['user_id', 'created_at']).execute()
    await db.schema
      .createIndex('clips_channel_status')
      .on('clips')
      .columns(['channel_id', 'status', 'created_at'])
      .execute()
    await db.schema.createIndex('clips_event').on('clips').columns(['event_id', 'status']).execute()

    await channelTable(db, dialect, 'clip_tags')
      /** The sport it belongs to; null for every sport. */
      .addColumn('event_category_id', 'integer', (c) => c.references('event_categories.id').onDelete('cascade'))
      .addColumn('name', 'varchar(40)', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
    await db.schema.createIndex('clip_tags_channel').on('clip_tags').column('channel_id').execute()

    await channelTable(db, dialect, 'downloads')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      /** clip | event */
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('target_id', 'integer', (c) => c.notNull())
      .addColumn('created_at', timestampColumn(dialect), (c) => c.notNull())
      .execute()
    await db.schema.createIndex('downloads_user').on('downloads').columns(['user_id', 'kind']).execute()
  }
}
