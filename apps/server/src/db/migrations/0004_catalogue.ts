import type { Kysely } from 'kysely'
import { type Dialect, idColumn, timestampColumn } from '../dialect.js'
import { channelTable, timestamps } from '../migration-columns.js'

/** Sports, venues, schools, teams, events, the VOD library and favourites. */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await channelTable(db, dialect, 'event_categories')
      .addColumn('parent_id', 'integer', (c) => c.references('event_categories.id').onDelete('cascade'))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('alias', 'varchar(100)', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addUniqueConstraint('event_categories_channel_alias', ['channel_id', 'alias'])
      .execute()

    await channelTable(db, dialect, 'event_locations')
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('city', 'varchar(100)', (c) => c.notNull())
      .addColumn('state', 'varchar(100)', (c) => c.notNull())
      .addColumn('address', 'varchar(300)')
      .addColumn('time_zone', 'varchar(64)', (c) => c.notNull())
      .execute()

    await channelTable(db, dialect, 'participant_groups')
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('short_name', 'varchar(50)', (c) => c.notNull())
      .addColumn('alias', 'varchar(100)', (c) => c.notNull())
      .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('properties', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addUniqueConstraint('participant_groups_channel_alias', ['channel_id', 'alias'])
      .execute()

    await channelTable(db, dialect, 'participants')
      .addColumn('group_id', 'integer', (c) => c.references('participant_groups.id').onDelete('set null'))
      .addColumn('category_id', 'integer', (c) => c.references('event_categories.id').onDelete('set null'))
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('short_name', 'varchar(50)', (c) => c.notNull())
      .addColumn('alias', 'varchar(100)', (c) => c.notNull())
      .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('color', 'varchar(16)')
      .addColumn('gender', 'varchar(1)')
      .addColumn('properties', 'text', (c) => c.notNull().defaultTo('{}'))
      .addUniqueConstraint('participants_channel_alias', ['channel_id', 'alias'])
      .execute()

    await channelTable(db, dialect, 'events')
      .addColumn('name', 'varchar(300)', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('access_mode', 'varchar(16)', (c) => c.notNull())
      .addColumn('event_utc_ts', timestampColumn(dialect), (c) => c.notNull())
      .addColumn('time_zone', 'varchar(64)', (c) => c.notNull())
      .addColumn('event_category_id', 'integer', (c) => c.references('event_categories.id').onDelete('set null'))
      .addColumn('location_id', 'integer', (c) => c.references('event_locations.id').onDelete('set null'))
      .addColumn('stream_status', 'varchar(16)', (c) => c.notNull())
      .addColumn('base_price', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('service_fee', 'integer', (c) => c.notNull().defaultTo(0))
      /** JSON: { allow?: string[], block?: string[] } ISO country codes. */
      .addColumn('geo_rules', 'text', (c) => c.notNull().defaultTo('{}'))
      .$call(timestamps(dialect))
      .execute()
    await db.schema.createIndex('events_channel_time').on('events').columns(['channel_id', 'event_utc_ts']).execute()
    await db.schema.createIndex('events_channel_status').on('events').columns(['channel_id', 'stream_status']).execute()

    await db.schema
      .createTable('event_participants')
      .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
      .addColumn('participant_id', 'integer', (c) => c.notNull().references('participants.id').onDelete('cascade'))
      .addColumn('side', 'varchar(8)', (c) => c.notNull())
      .addPrimaryKeyConstraint('event_participants_pk', ['event_id', 'participant_id'])
      .execute()
    await db.schema
      .createIndex('event_participants_participant')
      .on('event_participants')
      .column('participant_id')
      .execute()

    await channelTable(db, dialect, 'vod_categories')
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('alias', 'varchar(100)', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()

    await channelTable(db, dialect, 'vod_items')
      .addColumn('category_id', 'integer', (c) => c.references('vod_categories.id').onDelete('set null'))
      .addColumn('title', 'varchar(300)', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('date', timestampColumn(dialect), (c) => c.notNull())
      .addColumn('duration', 'integer', (c) => c.notNull().defaultTo(0))
      /** JSON array of { type: image | preview, path } */
      .addColumn('assets', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute()
    await db.schema.createIndex('vod_items_channel_date').on('vod_items').columns(['channel_id', 'date']).execute()

    await channelTable(db, dialect, 'vod_rails')
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()

    await db.schema
      .createTable('vod_rail_items')
      .addColumn('rail_id', 'integer', (c) => c.notNull().references('vod_rails.id').onDelete('cascade'))
      .addColumn('item_id', 'integer', (c) => c.notNull().references('vod_items.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('vod_rail_items_pk', ['rail_id', 'item_id'])
      .execute()

    await db.schema
      .createTable('favorites')
      .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('favoritable_type', 'varchar(16)', (c) => c.notNull())
      .addColumn('favoritable_id', 'integer', (c) => c.notNull())
      .addColumn('created_at', timestampColumn(dialect), (c) => c.notNull())
      .addUniqueConstraint('favorites_user_item', ['user_id', 'favoritable_type', 'favoritable_id'])
      .execute()

    for (const t of ['event_locations', 'participant_groups', 'participants', 'vod_categories', 'vod_rails']) {
      await db.schema.createIndex(`${t}_channel`).on(t).column('channel_id').execute()
    }
  }
}
