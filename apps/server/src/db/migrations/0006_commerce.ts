import type { Kysely } from 'kysely'
import { type Dialect, idColumn, timestampColumn } from '../dialect.js'
import { channelTable, timestamps } from '../migration-columns.js'

/**
 * Passes and payments: passes (every kind), bundles, coupons, orders, transactions, the provider's
 * customers, saved cards of the test gateway, its payments, and the ledger of provider events.
 * Money is integer minor units.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await channelTable(db, dialect, 'passes')
      /** subscription | package | event (single-event package) | addon */
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('price', 'integer', (c) => c.notNull())
      .addColumn('base_price', 'integer', (c) => c.notNull())
      .addColumn('service_fee', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('image', 'varchar(500)')
      .addColumn('offer', 'varchar(50)')
      /** annual | month | monthly, subscriptions only */
      .addColumn('period', 'varchar(16)')
      .addColumn('trial_period', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('pass_type', 'varchar(16)', (c) => c.notNull().defaultTo('regular'))
      .addColumn('is_team_pass', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('event_categories', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('participants', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('event_id', 'integer', (c) => c.references('events.id').onDelete('cascade'))
      .addColumn('capabilities', 'text', (c) => c.notNull().defaultTo('["watch"]'))
      .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', timestampColumn(dialect), (c) => c.notNull())
      .execute()
    await db.schema.createIndex('passes_channel').on('passes').columns(['channel_id', 'kind']).execute()

    await channelTable(db, dialect, 'bundles')
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('price', 'integer', (c) => c.notNull())
      .addColumn('base_price', 'integer', (c) => c.notNull())
      .addColumn('service_fee', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('pass_ids', 'text', (c) => c.notNull())
      .execute()

    await channelTable(db, dialect, 'coupons')
      /** Upper-case; codes are matched without regard to case. */
      .addColumn('code', 'varchar(50)', (c) => c.notNull())
      .addColumn('percent_off', 'integer')
      .addColumn('amount_off', 'integer')
      /** JSON array of pass ids; empty = every pass. */
      .addColumn('applies_to', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('expires_at', timestampColumn(dialect))
      .addColumn('max_redemptions', 'integer')
      .addColumn('redemptions', 'integer', (c) => c.notNull().defaultTo(0))
      .addUniqueConstraint('coupons_channel_code', ['channel_id', 'code'])
      .execute()

    await channelTable(db, dialect, 'orders')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('pass_id', 'integer', (c) => c.notNull().references('passes.id'))
      .addColumn('bundle_id', 'integer', (c) => c.references('bundles.id'))
      /** event | package | subscription (spec §3 Order type) */
      .addColumn('type', 'varchar(16)', (c) => c.notNull())
      /** created | paid | failed | refunded */
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      /** active | inactive | expired | canceled */
      .addColumn('activity_status', 'varchar(16)', (c) => c.notNull())
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('discount', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('service_fee', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('currency', 'varchar(3)', (c) => c.notNull())
      .addColumn('coupon_code', 'varchar(50)')
      .addColumn('event_id', 'integer', (c) => c.references('events.id').onDelete('set null'))
      .addColumn('event_category_id', 'integer')
      .addColumn('participant_id', 'integer')
      .addColumn('gateway', 'varchar(16)', (c) => c.notNull())
      .addColumn('idempotency_key', 'varchar(100)', (c) => c.notNull())
      .addColumn('provider_payment_id', 'varchar(100)')
      .addColumn('provider_subscription_id', 'varchar(100)')
      .addColumn('period_end', timestampColumn(dialect))
      .addColumn('trial_ends_at', timestampColumn(dialect))
      .addColumn('auto_renew', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('failure_message', 'varchar(300)')
      /** Epoch ms of the newest provider event applied (older ones cannot undo it). */
      .addColumn('provider_updated_at', timestampColumn(dialect), (c) => c.notNull().defaultTo(0))
      .$call(timestamps(dialect))
      .addUniqueConstraint('orders_user_idempotency', ['user_id', 'idempotency_key'])
      .addUniqueConstraint('orders_provider_payment', ['provider_payment_id'])
      .addUniqueConstraint('orders_provider_subscription', ['provider_subscription_id'])
      .execute()
    await db.schema.createIndex('orders_user').on('orders').columns(['user_id', 'status']).execute()
    await db.schema
      .createIndex('orders_renewal')
      .on('orders')
      .columns(['type', 'activity_status', 'period_end'])
      .execute()

    await channelTable(db, dialect, 'transactions')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      /** New subscription | Subscription Renewal | Purchase */
      .addColumn('type', 'varchar(32)', (c) => c.notNull())
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('currency', 'varchar(3)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      /** The provider object that moved the money (invoice or payment intent): one transaction each. */
      .addColumn('provider_ref', 'varchar(100)', (c) => c.notNull())
      .addColumn('created_at', timestampColumn(dialect), (c) => c.notNull())
      .addUniqueConstraint('transactions_provider_ref', ['provider_ref'])
      .execute()
    await db.schema.createIndex('transactions_user').on('transactions').column('user_id').execute()

    await db.schema
      .createTable('payment_customers')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('gateway', 'varchar(16)', (c) => c.notNull())
      .addColumn('customer_id', 'varchar(100)', (c) => c.notNull())
      .addPrimaryKeyConstraint('payment_customers_pk', ['user_id', 'gateway'])
      .execute()

    /** The test gateway's own records: what Stripe would keep for us. */
    await db.schema
      .createTable('test_gateway_cards')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('customer_id', 'varchar(100)', (c) => c.notNull())
      .addColumn('number', 'varchar(20)', (c) => c.notNull())
      .addColumn('brand', 'varchar(20)', (c) => c.notNull())
      .addColumn('last4', 'varchar(4)', (c) => c.notNull())
      .addColumn('exp_month', 'integer', (c) => c.notNull())
      .addColumn('exp_year', 'integer', (c) => c.notNull())
      .addColumn('created_at', timestampColumn(dialect), (c) => c.notNull())
      .execute()
    await db.schema
      .createTable('test_gateway_payments')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('idempotency_key', 'varchar(150)', (c) => c.notNull().unique())
      .addColumn('order_id', 'integer', (c) => c.notNull())
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('failure_message', 'varchar(200)')
      .addColumn('created_at', timestampColumn(dialect), (c) => c.notNull())
      .execute()

    await db.schema
      .createTable('payment_events')
      .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
      .addColumn('gateway', 'varchar(16)', (c) => c.notNull())
      .addColumn('provider_event_id', 'varchar(100)', (c) => c.notNull())
      .addColumn('type', 'varchar(60)', (c) => c.notNull())
      .addColumn('order_id', 'integer')
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('received_at', timestampColumn(dialect), (c) => c.notNull())
      .addUniqueConstraint('payment_events_provider_event', ['gateway', 'provider_event_id'])
      .execute()
  }
}
