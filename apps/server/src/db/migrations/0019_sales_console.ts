import type { Kysely } from 'kysely'
import { type Dialect, timestampColumn } from '../dialect.js'
import { channelTable, timestamps } from '../migration-columns.js'

/**
 * The console's sales (issue 18, decision 0036): refunds asked of the gateway (one per console key),
 * the console's other money actions by their key, complimentary orders, the card a test-gateway
 * payment was made with (brand and last four), the test gateway's own refunds, and blocked viewers.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await channelTable(db, dialect, 'refunds')
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('currency', 'varchar(3)', (c) => c.notNull())
      .addColumn('reason', 'varchar(300)', (c) => c.notNull())
      /** pending | succeeded | failed */
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('failure_message', 'varchar(300)')
      .addColumn('provider_refund_id', 'varchar(100)')
      .addColumn('idempotency_key', 'varchar(120)', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('user_email', 'varchar(320)')
      .$call(timestamps(dialect))
      .addUniqueConstraint('refunds_channel_key', ['channel_id', 'idempotency_key'])
      .execute()
    await db.schema.createIndex('refunds_order').on('refunds').columns(['order_id', 'status']).execute()

    await channelTable(db, dialect, 'console_actions')
      .addColumn('idempotency_key', 'varchar(120)', (c) => c.notNull())
      .addColumn('action', 'varchar(40)', (c) => c.notNull())
      /** The action's answer, JSON: the same key gets it again. */
      .addColumn('result', 'text')
      .addColumn('created_at', timestampColumn(dialect), (c) => c.notNull())
      .addUniqueConstraint('console_actions_channel_key', ['channel_id', 'idempotency_key'])
      .execute()

    await db.schema
      .alterTable('orders')
      .addColumn('complimentary', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
    await db.schema.createIndex('orders_channel_created').on('orders').columns(['channel_id', 'created_at']).execute()
    await db.schema.createIndex('orders_event').on('orders').columns(['event_id', 'status']).execute()

    await db.schema.alterTable('test_gateway_payments').addColumn('card_brand', 'varchar(20)').execute()
    await db.schema.alterTable('test_gateway_payments').addColumn('card_last4', 'varchar(4)').execute()
    await db.schema
      .createTable('test_gateway_refunds')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('idempotency_key', 'varchar(150)', (c) => c.notNull().unique())
      .addColumn('payment_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('created_at', timestampColumn(dialect), (c) => c.notNull())
      .execute()

    await db.schema.alterTable('users').addColumn('blocked_at', timestampColumn(dialect)).execute()
  }
}
