import type { Kysely } from 'kysely'
import type { Dialect } from '../dialect.js'

/**
 * The channel a job works for (decision 0042): a worker gives no channel every one of its batch slots,
 * so one channel's uploads never hold back another's. Jobs queued before this have none.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema.alterTable('jobs').addColumn('channel_id', 'integer').execute()
  }
}
