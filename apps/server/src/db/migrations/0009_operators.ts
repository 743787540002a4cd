import type { Kysely } from 'kysely'
import { type Dialect, timestampColumn } from '../dialect.js'
import { channelTable, timestamps } from '../migration-columns.js'

/**
 * Operators (decision 0018): a user's role on a channel, the invitations that make one, the audit log
 * of every operator write, an operator's TOTP second factor and the sessions that passed it, and the
 * channel's own time zone (the console's default for new events).
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .alterTable('channels')
      .addColumn('time_zone', 'varchar(64)', (c) => c.notNull().defaultTo('UTC'))
      .execute()

    await channelTable(db, dialect, 'channel_operators')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('role', 'varchar(16)', (c) => c.notNull())
      .$call(timestamps(dialect))
      .addUniqueConstraint('channel_operators_channel_user', ['channel_id', 'user_id'])
      .execute()
    await db.schema.createIndex('channel_operators_user').on('channel_operators').column('user_id').execute()

    await channelTable(db, dialect, 'operator_invitations')
      .addColumn('email', 'varchar(254)', (c) => c.notNull())
      .addColumn('role', 'varchar(16)', (c) => c.notNull())
      .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
      .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', timestampColumn(dialect), (c) => c.notNull())
      .addColumn('expires_at', timestampColumn(dialect), (c) => c.notNull())
      .addColumn('used_at', timestampColumn(dialect))
      .execute()
    await db.schema
      .createIndex('operator_invitations_channel')
      .on('operator_invitations')
      .columns(['channel_id', 'email'])
      .execute()

    await channelTable(db, dialect, 'audit_log')
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('user_email', 'varchar(254)')
      .addColumn('resource', 'varchar(40)', (c) => c.notNull())
      .addColumn('resource_id', 'varchar(40)')
      .addColumn('action', 'varchar(20)', (c) => c.notNull())
      .addColumn('before', 'text')
      .addColumn('after', 'text')
      .addColumn('created_at', timestampColumn(dialect), (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('audit_log_channel_time')
      .on('audit_log')
      .columns(['channel_id', 'created_at'])
      .execute()

    await db.schema
      .createTable('operator_totp')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      /** AES-256-GCM of the base32 secret: iv.tag.ciphertext, base64url. */
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('enabled_at', timestampColumn(dialect))
      /** The last time step accepted: a code works once. */
      .addColumn('last_step', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', timestampColumn(dialect), (c) => c.notNull())
      .execute()

    await db.schema
      .createTable('operator_session_factors')
      .addColumn('api_key_id', 'integer', (c) => c.primaryKey().references('api_keys.id').onDelete('cascade'))
      .addColumn('verified_at', timestampColumn(dialect), (c) => c.notNull())
      .execute()
  }
}
