import type { Kysely } from 'kysely'
import { type Dialect, timestampColumn } from '../dialect.js'

/**
 * Passes and coupons written from the console (decision 0035).
 * - passes: `retired_at` (a sold pass is retired, never deleted: it leaves the shop, its orders keep
 *   it), the Stripe product and price it is sold with, and the console action's idempotency key;
 * - coupons: `valid_from`, a cap per viewer, how long a subscription keeps the discount (`once`: the
 *   first payment; `repeating`: every renewal for `duration_months`), `retired_at` and the key.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    const add = (table: string, column: string, type: 'integer' | 'varchar(100)' | 'varchar(16)' | 'ts') =>
      db.schema
        .alterTable(table)
        .addColumn(column, type === 'ts' ? timestampColumn(dialect) : type)
        .execute()
    await add('passes', 'retired_at', 'ts')
    await add('passes', 'stripe_product_id', 'varchar(100)')
    await add('passes', 'stripe_price_id', 'varchar(100)')
    await add('passes', 'idempotency_key', 'varchar(100)')
    await db.schema
      .createIndex('passes_idempotency')
      .on('passes')
      .columns(['channel_id', 'idempotency_key'])
      .unique()
      .execute()
    await add('coupons', 'valid_from', 'ts')
    await add('coupons', 'max_per_viewer', 'integer')
    await db.schema
      .alterTable('coupons')
      .addColumn('duration', 'varchar(16)', (c) => c.notNull().defaultTo('once'))
      .execute()
    await add('coupons', 'duration_months', 'integer')
    await add('coupons', 'retired_at', 'ts')
    await add('coupons', 'idempotency_key', 'varchar(100)')
    await db.schema
      .createIndex('coupons_idempotency')
      .on('coupons')
      .columns(['channel_id', 'idempotency_key'])
      .unique()
      .execute()
  }
}
