import type { CreateTableBuilder, Kysely } from 'kysely'
import { type Dialect, idColumn, timestampColumn } from './dialect.js'

/*
 * Column blocks the migrations (./migrations) share. FROZEN: a migration that has run must keep making
 * the same schema, so nothing here may change. A table that needs a column made otherwise writes it out
 * in its own new migration, never here.
 */

/** A new table of a channel's: `id`, its primary key, and `channel_id` (its rows go with the channel). */
export const channelTable = (db: Kysely<unknown>, dialect: Dialect, name: string) =>
  db.schema
    .createTable(name)
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))

/** `created_at` and `updated_at`, both required (epoch milliseconds), for a table builder's `$call`. */
export const timestamps =
  (dialect: Dialect) =>
  <T extends string, C extends string>(table: CreateTableBuilder<T, C>) =>
    table
      .addColumn('created_at', timestampColumn(dialect), (c) => c.notNull())
      .addColumn('updated_at', timestampColumn(dialect), (c) => c.notNull())
