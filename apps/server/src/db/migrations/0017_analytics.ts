import { type Kysely, sql } from 'kysely'
import { type Dialect, timestampColumn } from '../dialect.js'
import { channelTable } from '../migration-columns.js'

/**
 * Product analytics (issue 17, decision 0032): the datalake's sessions, its records (events, video
 * events and viewing heartbeats in one table, `kind` telling which) and client error reports. A
 * record's `record_id` is the client's: unique per channel, so a retry is stored once. No address
 * and no email in clear: the country, and a keyed hash of the email. Each channel keeps its records
 * `analytics_retention_days`; the channel's analytics key (`yare_analytics_key`, the calls'
 * `profile`) names one channel only.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    const ts = timestampColumn(dialect)
    await channelTable(db, dialect, 'analytics_sessions')
      .addColumn('session_uuid', 'varchar(36)', (c) => c.notNull())
      .addColumn('device_type', 'varchar(16)', (c) => c.notNull())
      .addColumn('user_agent', 'varchar(512)')
      .addColumn('resolution', 'varchar(16)')
      .addColumn('platform', 'varchar(8)', (c) => c.notNull())
      .addColumn('country_code', 'varchar(2)')
      .addColumn('at', ts, (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('analytics_sessions_uuid')
      .unique()
      .on('analytics_sessions')
      .columns(['channel_id', 'session_uuid'])
      .execute()
    await db.schema
      .createIndex('analytics_sessions_at')
      .on('analytics_sessions')
      .columns(['channel_id', 'at'])
      .execute()

    await db.schema
      .createTable('analytics_records')
      .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) => c.primaryKey())
      .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
      .addColumn('record_id', 'varchar(36)', (c) => c.notNull())
      /** event | video_event | video_viewing */
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      /** The event's name (visit_page, first_frame …; `viewing` for a heartbeat). */
      .addColumn('name', 'varchar(32)', (c) => c.notNull())
      .addColumn('session_uuid', 'varchar(36)', (c) => c.notNull())
      /** When it happened, as the rollups count it (the client's clock when it is near ours). */
      .addColumn('at', ts, (c) => c.notNull())
      .addColumn('client_ts', ts)
      .addColumn('received_at', ts, (c) => c.notNull())
      .addColumn('user_id', 'varchar(64)')
      /** HMAC-SHA-256 of the lower-cased email under a server key: counts people, reveals no address. */
      .addColumn('email_hash', 'varchar(64)')
      .addColumn('country_code', 'varchar(2)')
      .addColumn('stream_type', 'varchar(8)')
      .addColumn('stream_id', 'integer')
      .addColumn('view_uuid', 'varchar(36)')
      /** Seconds watched (a heartbeat); a video event's position. */
      .addColumn('value', 'double precision')
      /** Funnel and page views: the page; an api_request: its status. */
      .addColumn('page', 'varchar(2048)')
      .addColumn('origin_url', 'varchar(2048)')
      .addColumn('trk', 'varchar(200)')
      /** JSON: the event's extras; a heartbeat's category, sport, gender, school, league. */
      .addColumn('extras', 'text')
      .execute()
    await db.schema
      .createIndex('analytics_records_record')
      .unique()
      .on('analytics_records')
      .columns(['channel_id', 'record_id'])
      .execute()
    await db.schema.createIndex('analytics_records_at').on('analytics_records').columns(['channel_id', 'at']).execute()
    await db.schema
      .createIndex('analytics_records_stream')
      .on('analytics_records')
      .columns(['channel_id', 'stream_type', 'stream_id', 'at'])
      .execute()

    await channelTable(db, dialect, 'analytics_errors')
      /** '' when the report came without a session. */
      .addColumn('session_uuid', 'varchar(36)', (c) => c.notNull())
      /** SHA-256 of kind, message and the stack's first frame: one report per session and fingerprint. */
      .addColumn('fingerprint', 'varchar(64)', (c) => c.notNull())
      .addColumn('kind', 'varchar(24)', (c) => c.notNull())
      .addColumn('message', 'varchar(1000)', (c) => c.notNull())
      .addColumn('stack', 'text')
      .addColumn('url', 'varchar(2048)')
      .addColumn('request_url', 'varchar(2048)')
      .addColumn('status', 'integer')
      .addColumn('release', 'varchar(64)')
      .addColumn('country_code', 'varchar(2)')
      .addColumn('at', ts, (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('analytics_errors_fingerprint')
      .unique()
      .on('analytics_errors')
      .columns(['channel_id', 'session_uuid', 'fingerprint'])
      .execute()
    await db.schema.createIndex('analytics_errors_at').on('analytics_errors').columns(['channel_id', 'at']).execute()

    await db.schema
      .alterTable('channels')
      .addColumn('analytics_retention_days', 'integer', (c) => c.notNull().defaultTo(400))
      .execute()
    await db.schema.createIndex('channels_analytics_key').unique().on('channels').column('yare_analytics_key').execute()
    // The demo channel sends to its own service out of the box.
    await sql`update channels set yare_analytics_key = 'yak_demo' where key = 'demo' and yare_analytics_key is null`.execute(
      db,
    )
  }
}
