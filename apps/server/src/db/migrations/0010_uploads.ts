import type { Kysely } from 'kysely'
import { type Dialect, timestampColumn } from '../dialect.js'

/**
 * Resumable uploads from the operator console (issue 16, decision 20). The bytes live in the tus
 * file store (`DATA_DIR/uploads`); this row says whose they are, what they become (an event's
 * replay or a VOD item), and, once complete, the media asset they are encoded into.
 */
export function up(dialect: Dialect) {
  const big = timestampColumn(dialect)
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('uploads')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
      .addColumn('user_id', 'integer')
      .addColumn('target', 'varchar(10)', (c) => c.notNull())
      .addColumn('target_id', 'integer')
      .addColumn('title', 'varchar(300)')
      .addColumn('filename', 'varchar(300)')
      .addColumn('size', big, (c) => c.notNull())
      .addColumn('status', 'varchar(20)', (c) => c.notNull())
      .addColumn('asset_id', 'integer')
      .addColumn('error', 'varchar(500)')
      .addColumn('created_at', big, (c) => c.notNull())
      .addColumn('updated_at', big, (c) => c.notNull())
      .execute()
    await db.schema.createIndex('uploads_channel').on('uploads').columns(['channel_id', 'created_at']).execute()
  }
}
