import { type Kysely, sql } from 'kysely'
import { type Dialect, timestampColumn } from '../dialect.js'
import { channelTable } from '../migration-columns.js'

/**
 * Verified channel domains (decision 0041). A domain serves its channel once `verified_at` is set: the
 * domains already there were set by the deployment's own admin, so they count as verified from now. A
 * domain an owner adds from the console waits (pending) until the TXT record `challenge` names is
 * found at its DNS; `checked_at` is its last check, which bounds how often it is looked up.
 *
 * A host serves one channel: the uniqueness moves from every row to the verified ones, so a domain one
 * channel merely claims (pending) does not keep it from another channel that can prove it. SQLite
 * cannot drop a column's UNIQUE, so there the table is made again (its ids kept).
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    const now = Date.now()
    if (dialect === 'postgres') {
      await sql`alter table channel_domains drop constraint channel_domains_host_key`.execute(db)
      await db.schema.alterTable('channel_domains').addColumn('verified_at', timestampColumn(dialect)).execute()
      await db.schema.alterTable('channel_domains').addColumn('challenge', 'varchar(64)').execute()
      await db.schema.alterTable('channel_domains').addColumn('checked_at', timestampColumn(dialect)).execute()
      await db.schema
        .alterTable('channel_domains')
        .addColumn('created_at', timestampColumn(dialect), (c) => c.notNull().defaultTo(0))
        .execute()
      await sql`update channel_domains set verified_at = ${now}, created_at = ${now}`.execute(db)
    } else {
      await channelTable(db, dialect, 'channel_domains_next')
        .addColumn('host', 'varchar(253)', (c) => c.notNull())
        .addColumn('verified_at', timestampColumn(dialect))
        .addColumn('challenge', 'varchar(64)')
        .addColumn('checked_at', timestampColumn(dialect))
        .addColumn('created_at', timestampColumn(dialect), (c) => c.notNull().defaultTo(0))
        .execute()
      await sql`insert into channel_domains_next (id, channel_id, host, verified_at, created_at)
        select id, channel_id, host, ${now}, ${now} from channel_domains`.execute(db)
      await db.schema.dropTable('channel_domains').execute()
      await db.schema.alterTable('channel_domains_next').renameTo('channel_domains').execute()
      await db.schema.createIndex('channel_domains_channel').on('channel_domains').column('channel_id').execute()
    }
    // One channel per verified host; a channel claims a host once.
    await db.schema
      .createIndex('channel_domains_verified_host')
      .on('channel_domains')
      .column('host')
      .unique()
      .where(sql.ref('verified_at'), 'is not', null)
      .execute()
    await db.schema
      .createIndex('channel_domains_channel_host')
      .on('channel_domains')
      .columns(['channel_id', 'host'])
      .unique()
      .execute()
  }
}
