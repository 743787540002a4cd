import type { Kysely } from 'kysely'
import { type Dialect, timestampColumn } from '../dialect.js'
import { channelTable } from '../migration-columns.js'

/** Social sign-in flows in progress: state, PKCE verifier and nonce, then the one-time session code. */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await channelTable(db, dialect, 'oauth_flows')
      .addColumn('api_key_id', 'integer', (c) => c.notNull())
      .addColumn('provider', 'varchar(16)', (c) => c.notNull())
      .addColumn('state_hash', 'char(64)', (c) => c.notNull().unique())
      .addColumn('code_verifier', 'varchar(128)', (c) => c.notNull())
      .addColumn('nonce', 'varchar(128)', (c) => c.notNull())
      .addColumn('origin', 'varchar(300)', (c) => c.notNull())
      .addColumn('redirect_path', 'varchar(500)')
      .addColumn('terms', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('news', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', timestampColumn(dialect), (c) => c.notNull())
      .addColumn('expires_at', timestampColumn(dialect), (c) => c.notNull())
      .addColumn('used_at', timestampColumn(dialect))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('session_code_hash', 'char(64)', (c) => c.unique())
      .addColumn('session_code_expires_at', timestampColumn(dialect))
      .addColumn('session_code_used_at', timestampColumn(dialect))
      .execute()
  }
}
