import { type Kysely, sql } from 'kysely'
import type { Dialect } from '../dialect.js'

/**
 * One open checkout per viewer per pass, held by the database (issue 12, docs/security.md).
 *
 * - `orders.checkout_terms`: what the open checkout pays with (the card, by its PaymentMethod id or
 *   its last four digits and expiry — never the number), so a second checkout on the same terms
 *   joins the first and one on other terms replaces it.
 * - `orders_one_open_checkout`: a partial unique index over (user, pass) of the orders still
 *   `created`. Concurrent checkouts race on the insert; exactly one wins, whatever the keys they
 *   carry. Orders placed before this migration have no terms and stay outside the index (two of them
 *   may be open at once; reconciliation settles them), so the migration never fails on old data.
 * - `test_gateway_payments.currency`: the offline gateway keeps the currency it charged, as Stripe
 *   does, so its events carry it and can be checked against the order.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema.alterTable('orders').addColumn('checkout_terms', 'varchar(120)').execute()
    await db.schema
      .createIndex('orders_one_open_checkout')
      .on('orders')
      .columns(['user_id', 'pass_id'])
      .unique()
      .where(sql.ref('status'), '=', 'created')
      .where(sql.ref('checkout_terms'), 'is not', null)
      .execute()
    await db.schema.alterTable('test_gateway_payments').addColumn('currency', 'varchar(3)').execute()
  }
}
