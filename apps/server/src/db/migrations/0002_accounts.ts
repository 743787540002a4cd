import type { Kysely } from 'kysely'
import { type Dialect, idColumn, timestampColumn } from '../dialect.js'
import { channelTable, timestamps } from '../migration-columns.js'

/** Users, their one-time tokens, social identities and custom-form answers. */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await channelTable(db, dialect, 'users')
      .addColumn('email', 'varchar(254)', (c) => c.notNull())
      .addColumn('password_hash', 'text')
      .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('news', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('temporary_password', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('email_verified_at', timestampColumn(dialect))
      .addColumn('capabilities', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('trial_period_used', 'integer', (c) => c.notNull().defaultTo(0))
      .$call(timestamps(dialect))
      .addUniqueConstraint('users_channel_email', ['channel_id', 'email'])
      .execute()

    await db.schema
      .createTable('auth_tokens')
      .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
      .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
      .addColumn('created_at', timestampColumn(dialect), (c) => c.notNull())
      .addColumn('expires_at', timestampColumn(dialect), (c) => c.notNull())
      .addColumn('used_at', timestampColumn(dialect))
      .execute()
    await db.schema.createIndex('auth_tokens_user').on('auth_tokens').columns(['user_id', 'purpose']).execute()

    await db.schema
      .createTable('user_identities')
      .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('provider', 'varchar(16)', (c) => c.notNull())
      .addColumn('subject', 'varchar(255)', (c) => c.notNull())
      .addUniqueConstraint('user_identities_provider_subject', ['provider', 'subject', 'user_id'])
      .execute()

    await channelTable(db, dialect, 'custom_forms')
      .addColumn('alias', 'varchar(64)', (c) => c.notNull())
      /** JSON array of { name, default } */
      .addColumn('fields', 'text', (c) => c.notNull().defaultTo('[]'))
      .addUniqueConstraint('custom_forms_channel_alias', ['channel_id', 'alias'])
      .execute()

    await db.schema
      .createTable('custom_form_values')
      .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
      .addColumn('form_id', 'integer', (c) => c.notNull().references('custom_forms.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('value', 'text')
      .addUniqueConstraint('custom_form_values_user_field', ['form_id', 'user_id', 'name'])
      .execute()
  }
}
