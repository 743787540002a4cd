import type { Kysely } from 'kysely'
import { type Dialect, idColumn, timestampColumn } from '../dialect.js'

/**
 * Simultaneous streams per account (issue 19, decision 0031): one lease per signed-in device (session)
 * that plays, renewed with the player's token. A lease past `expires_at` has lapsed; one with
 * `ended_reason` was stopped (from another device, or as the oldest over the limit) and stays until it
 * would have lapsed, so that device's next renewal learns why.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('stream_leases')
      .addColumn('id', idColumn(dialect), (c) =>
        dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
      )
      .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      /** The api key row (one signed-in browser). */
      .addColumn('session_id', 'integer', (c) => c.notNull())
      .addColumn('device', 'varchar(80)', (c) => c.notNull())
      .addColumn('started_at', timestampColumn(dialect), (c) => c.notNull())
      .addColumn('expires_at', timestampColumn(dialect), (c) => c.notNull())
      /** stopped | replaced; null while it plays. */
      .addColumn('ended_reason', 'varchar(16)')
      .execute()
    await db.schema.createIndex('stream_leases_session').on('stream_leases').column('session_id').unique().execute()
    await db.schema.createIndex('stream_leases_user').on('stream_leases').columns(['user_id', 'channel_id']).execute()
  }
}
