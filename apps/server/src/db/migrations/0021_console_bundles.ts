import type { Kysely } from 'kysely'
import { type Dialect, timestampColumn } from '../dialect.js'

/**
 * Bundles written from the console (decision 0040): an image and a weight as passes have, `retired_at`
 * (a sold bundle is retired, never deleted: it leaves the shop, its orders keep it), when it was made,
 * and the console action's idempotency key (one bundle per key and channel).
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema.alterTable('bundles').addColumn('image', 'varchar(500)').execute()
    await db.schema
      .alterTable('bundles')
      .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
    await db.schema.alterTable('bundles').addColumn('retired_at', timestampColumn(dialect)).execute()
    await db.schema.alterTable('bundles').addColumn('created_at', timestampColumn(dialect)).execute()
    await db.schema.alterTable('bundles').addColumn('idempotency_key', 'varchar(100)').execute()
    await db.schema
      .createIndex('bundles_idempotency')
      .on('bundles')
      .columns(['channel_id', 'idempotency_key'])
      .unique()
      .execute()
  }
}
