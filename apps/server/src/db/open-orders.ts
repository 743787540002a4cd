import type { ExpressionBuilder, Kysely } from 'kysely'
import type { Database } from './schema.js'

/**
 * The user's orders that still open content (the entitlements' rule): paid, active, and not past their
 * period (an order without one, a one-off pass, runs until it is cancelled or refunded).
 */
export const opensContent = (eb: ExpressionBuilder<Database, 'orders'>, userId: number, now: number) =>
  eb.and([
    eb('orders.user_id', '=', userId),
    eb('orders.status', '=', 'paid'),
    eb('orders.activity_status', '=', 'active'),
    eb.or([eb('orders.period_end', 'is', null), eb('orders.period_end', '>', now)]),
  ])

/** The user's orders that open content, each with its pass: the caller selects what it needs of both. */
export const openOrdersWithPass = (db: Kysely<Database>, userId: number, now: number) =>
  db
    .selectFrom('orders')
    .innerJoin('passes', 'passes.id', 'orders.pass_id')
    .where((eb) => opensContent(eb, userId, now))
