import type { Kysely } from 'kysely'
import { newStreamKey } from '../../lib/secrets.js'
import { type Dialect, idColumn, timestampColumn } from '../dialect.js'
import { channelTable, timestamps } from '../migration-columns.js'

/**
 * Video: media assets (one folder of HLS and its images per encode or live recording), media rows
 * with the spec's type ids, the durable job queue, pre-rolls, stream keys, and the VOD access mode.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await channelTable(db, dialect, 'media_assets')
      .addColumn('owner_type', 'varchar(16)', (c) => c.notNull())
      .addColumn('owner_id', 'integer', (c) => c.notNull())
      /** upload | live | demo */
      .addColumn('source', 'varchar(16)', (c) => c.notNull())
      /** processing | live | ready | failed */
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('duration', 'integer')
      .addColumn('error', 'text')
      .$call(timestamps(dialect))
      .execute()
    await db.schema.createIndex('media_assets_owner').on('media_assets').columns(['owner_type', 'owner_id']).execute()

    await channelTable(db, dialect, 'media')
      .addColumn('asset_id', 'integer', (c) => c.notNull().references('media_assets.id').onDelete('cascade'))
      .addColumn('owner_type', 'varchar(16)', (c) => c.notNull())
      .addColumn('owner_id', 'integer', (c) => c.notNull())
      /** Spec §3: image 1, live 2, vod 3, embedded 4, thumbnails 5, preview 6, preview_alt 7, embedded_preview 8. */
      .addColumn('type_id', 'integer', (c) => c.notNull())
      /** Inside the asset's folder. */
      .addColumn('path', 'varchar(300)', (c) => c.notNull())
      .addColumn('created_at', timestampColumn(dialect), (c) => c.notNull())
      .addUniqueConstraint('media_asset_type', ['asset_id', 'type_id'])
      .execute()
    await db.schema.createIndex('media_owner').on('media').columns(['owner_type', 'owner_id']).execute()

    await db.schema
      .createTable('jobs')
      .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
      .addColumn('kind', 'varchar(40)', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      /** queued | running | done | failed */
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      /** One queued or running job per key (a second enqueue joins the first). */
      .addColumn('dedupe_key', 'varchar(120)')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(3))
      .addColumn('run_after', timestampColumn(dialect), (c) => c.notNull())
      .addColumn('locked_by', 'varchar(80)')
      .addColumn('locked_until', timestampColumn(dialect))
      .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('error', 'text')
      .$call(timestamps(dialect))
      .execute()
    await db.schema.createIndex('jobs_claim').on('jobs').columns(['status', 'run_after']).execute()
    await db.schema.createIndex('jobs_dedupe').on('jobs').columns(['dedupe_key', 'status']).execute()

    await channelTable(db, dialect, 'prerolls')
      .addColumn('url', 'varchar(500)', (c) => c.notNull())
      .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('location_id', 'integer', (c) => c.references('event_locations.id').onDelete('cascade'))
      /** JSON array of category ids; empty = every category. */
      .addColumn('event_categories', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('for_vod', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('for_live', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', timestampColumn(dialect), (c) => c.notNull())
      .execute()
    await db.schema.createIndex('prerolls_channel').on('prerolls').column('channel_id').execute()

    await db.schema.alterTable('events').addColumn('stream_key', 'varchar(64)').execute()
    const events = await db
      .selectFrom('events' as never)
      .select('id' as never)
      .execute()
    for (const e of events as { id: number }[]) {
      await db
        .updateTable('events' as never)
        .set({ stream_key: newStreamKey() } as never)
        .where('id' as never, '=', e.id as never)
        .execute()
    }
    await db.schema.createIndex('events_stream_key').on('events').column('stream_key').unique().execute()

    await db.schema
      .alterTable('vod_items')
      .addColumn('access_mode', 'varchar(16)', (c) => c.notNull().defaultTo('free'))
      .execute()
  }
}
