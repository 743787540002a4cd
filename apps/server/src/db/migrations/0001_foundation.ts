import type { Kysely } from 'kysely'
import { type Dialect, idColumn, timestampColumn } from '../dialect.js'
import { channelTable, timestamps } from '../migration-columns.js'

/** Channels and their content, and api keys. */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('channels')
      .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
      .addColumn('key', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('logo', 'text')
      .addColumn('language', 'varchar(8)', (c) => c.notNull().defaultTo('en'))
      .addColumn('currency', 'varchar(3)', (c) => c.notNull().defaultTo('USD'))
      .addColumn('google_tag', 'varchar(64)')
      .addColumn('yare_analytics_key', 'varchar(128)')
      .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('content_version', 'integer', (c) => c.notNull().defaultTo(1))
      .$call(timestamps(dialect))
      .execute()

    await channelTable(db, dialect, 'channel_domains')
      .addColumn('host', 'varchar(253)', (c) => c.notNull().unique())
      .execute()

    await channelTable(db, dialect, 'color_settings')
      .addColumn('client_interface', 'varchar(16)', (c) => c.notNull().defaultTo('web'))
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('value', 'varchar(32)', (c) => c.notNull())
      .addUniqueConstraint('color_settings_channel_name', ['channel_id', 'client_interface', 'name'])
      .execute()

    await channelTable(db, dialect, 'menu_items')
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('alias', 'varchar(200)')
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('image', 'text')
      .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('placement', 'varchar(8)', (c) => c.notNull())
      .addColumn('menuable_type', 'varchar(16)', (c) => c.notNull().defaultTo('link'))
      .addColumn('menuable_id', 'integer')
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()

    await channelTable(db, dialect, 'pages')
      .addColumn('url', 'varchar(200)', (c) => c.notNull())
      .addColumn('alt_name', 'varchar(200)', (c) => c.notNull())
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addUniqueConstraint('pages_channel_url', ['channel_id', 'url'])
      .execute()

    await channelTable(db, dialect, 'slides')
      .addColumn('client_interface', 'varchar(16)', (c) => c.notNull().defaultTo('web'))
      .addColumn('slidable_type', 'varchar(16)', (c) => c.notNull())
      .addColumn('slidable_id', 'integer')
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('subtitle', 'text')
      .addColumn('image', 'text')
      .addColumn('link', 'text')
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()

    await channelTable(db, dialect, 'faqs')
      .addColumn('question', 'text', (c) => c.notNull())
      .addColumn('answer', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()

    await channelTable(db, dialect, 'static_blocks')
      .addColumn('alias', 'varchar(64)', (c) => c.notNull())
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addUniqueConstraint('static_blocks_channel_alias', ['channel_id', 'alias'])
      .execute()

    await channelTable(db, dialect, 'api_keys')
      .addColumn('key_hash', 'char(64)', (c) => c.notNull().unique())
      .addColumn('user_id', 'integer')
      .addColumn('created_at', timestampColumn(dialect), (c) => c.notNull())
      .addColumn('expires_at', timestampColumn(dialect), (c) => c.notNull())
      .addColumn('revoked_at', timestampColumn(dialect))
      .execute()

    for (const table of ['channel_domains', 'menu_items', 'pages', 'slides', 'faqs', 'static_blocks', 'api_keys']) {
      await db.schema.createIndex(`${table}_channel`).on(table).column('channel_id').execute()
    }
    await db.schema.createIndex('api_keys_user').on('api_keys').column('user_id').execute()
  }
}
