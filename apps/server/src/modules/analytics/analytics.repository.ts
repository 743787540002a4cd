import { type Insertable, type Kysely, sql } from 'kysely'
import type { AnalyticsErrorTable, AnalyticsRecordTable, AnalyticsSessionTable, Database } from '../../db/schema.js'

export type NewAnalyticsRow =
  | { table: 'analytics_sessions'; row: Insertable<AnalyticsSessionTable> }
  | { table: 'analytics_records'; row: Insertable<AnalyticsRecordTable> }
  | { table: 'analytics_errors'; row: Insertable<AnalyticsErrorTable> }

/** Rows per INSERT statement: well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 1000

const conflictColumns = {
  analytics_sessions: ['channel_id', 'session_uuid'],
  analytics_records: ['channel_id', 'record_id'],
  analytics_errors: ['channel_id', 'session_uuid', 'fingerprint'],
} as const

/** Where a rollup reads from: the channel, a time range, optionally one stream. */
export interface RecordRange {
  channelId: number
  from: number
  to: number
  /** `event`: its live and replay viewing; `vod`: a library video. */
  stream?: { type: 'event' | 'vod'; id: number } | undefined
}

export class AnalyticsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The channel whose analytics key is `key`. */
  async channelIdByKey(key: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('channels')
      .select('id')
      .where('yare_analytics_key', '=', key)
      .executeTakeFirst()
    return row?.id
  }

  /**
   * Inserts every row in one transaction; a row whose key is already stored (a retried record, a
   * session announced twice, an error reported again) is left as it is.
   */
  async insertAll(rows: NewAnalyticsRow[]): Promise<void> {
    const byTable = new Map<NewAnalyticsRow['table'], NewAnalyticsRow['row'][]>()
    for (const r of rows) {
      const list = byTable.get(r.table) ?? []
      list.push(r.row)
      byTable.set(r.table, list)
    }
    await this.db.transaction().execute(async (trx) => {
      for (const [table, list] of byTable) {
        for (let i = 0; i < list.length; i += CHUNK) {
          await trx
            .insertInto(table)
            .values(list.slice(i, i + CHUNK) as never)
            .onConflict((oc) => oc.columns([...conflictColumns[table]] as never).doNothing())
            .execute()
        }
      }
    })
  }

  /** Deletes what is older than each channel's retention; answers the rows removed. */
  async sweep(now: number): Promise<number> {
    const channels = await this.db.selectFrom('channels').select(['id', 'analytics_retention_days']).execute()
    let removed = 0
    for (const c of channels) {
      const before = now - c.analytics_retention_days * 86_400_000
      for (const table of ['analytics_records', 'analytics_sessions', 'analytics_errors'] as const) {
        const result = await this.db
          .deleteFrom(table)
          .where('channel_id', '=', c.id)
          .where('at', '<', before)
          .executeTakeFirst()
        removed += Number(result.numDeletedRows)
      }
    }
    return removed
  }

  async retentionDays(channelId: number): Promise<number> {
    const row = await this.db
      .selectFrom('channels')
      .select('analytics_retention_days')
      .where('id', '=', channelId)
      .executeTakeFirstOrThrow()
    return row.analytics_retention_days
  }

  async setRetentionDays(channelId: number, days: number): Promise<void> {
    await this.db.updateTable('channels').set({ analytics_retention_days: days }).where('id', '=', channelId).execute()
  }

  private records(range: RecordRange) {
    let q = this.db
      .selectFrom('analytics_records')
      .where('channel_id', '=', range.channelId)
      .where('at', '>=', range.from)
      .where('at', '<', range.to)
    if (range.stream) {
      q = q
        .where('stream_type', 'in', range.stream.type === 'event' ? ['live', 'replay'] : ['vod'])
        .where('stream_id', '=', range.stream.id)
    }
    return q
  }

  /** Viewing heartbeats per minute: distinct sessions and seconds watched. */
  viewingByMinute(range: RecordRange) {
    const minute = sql<number>`at / 60000`
    return this.records(range)
      .where('kind', '=', 'video_viewing')
      .select([
        minute.as('minute'),
        sql<number>`count(distinct session_uuid)`.as('viewers'),
        sql<number>`sum(value)`.as('seconds'),
      ])
      .groupBy(minute)
      .orderBy(minute)
      .execute()
  }

  /** Distinct sessions that watched in the range, with their country and device. */
  viewers(range: RecordRange) {
    return this.db
      .selectFrom('analytics_sessions as s')
      .where('s.channel_id', '=', range.channelId)
      .where(
        's.session_uuid',
        'in',
        this.records(range).where('kind', '=', 'video_viewing').select('session_uuid').distinct(),
      )
      .select(['s.session_uuid', 's.country_code', 's.device_type'])
      .execute()
  }

  /** Heartbeats in the range whose session never announced itself still count as viewers. */
  async uniqueViewers(range: RecordRange): Promise<number> {
    const row = await this.records(range)
      .where('kind', '=', 'video_viewing')
      .select(sql<number>`count(distinct session_uuid)`.as('n'))
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  /** The video events of the range, in the order they happened in each view. */
  videoEvents(range: RecordRange) {
    return this.records(range)
      .where('kind', '=', 'video_event')
      .select(['view_uuid', 'name', 'at', 'client_ts', 'received_at'])
      .orderBy('view_uuid')
      .orderBy(sql`coalesce(client_ts, at)`)
      .orderBy('id')
      .execute()
  }

  /** Events by name and minute (visits, logins, the ecommerce steps). */
  eventsByMinute(range: RecordRange) {
    const minute = sql<number>`at / 60000`
    return this.records(range)
      .where('kind', '=', 'event')
      .select([
        minute.as('minute'),
        'name',
        sql<number>`count(*)`.as('count'),
        sql<number>`count(distinct session_uuid)`.as('sessions'),
      ])
      .groupBy([minute, 'name'])
      .orderBy(minute)
      .execute()
  }

  /** Distinct sessions that sent each event name in the range (the funnel's steps). */
  sessionsByEvent(range: RecordRange) {
    return this.records(range)
      .where('kind', '=', 'event')
      .select(['name', sql<number>`count(distinct session_uuid)`.as('sessions')])
      .groupBy('name')
      .execute()
  }

  sessionsByMinute(range: RecordRange) {
    const minute = sql<number>`at / 60000`
    return this.db
      .selectFrom('analytics_sessions')
      .where('channel_id', '=', range.channelId)
      .where('at', '>=', range.from)
      .where('at', '<', range.to)
      .select([minute.as('minute'), sql<number>`count(*)`.as('sessions')])
      .groupBy(minute)
      .orderBy(minute)
      .execute()
  }

  /** Streams by viewing in the range, most watched first. */
  topStreams(range: RecordRange, limit: number) {
    return this.records(range)
      .where('kind', '=', 'video_viewing')
      .select([
        'stream_type',
        'stream_id',
        sql<number>`sum(value)`.as('seconds'),
        sql<number>`count(distinct session_uuid)`.as('viewers'),
      ])
      .groupBy(['stream_type', 'stream_id'])
      .orderBy(sql`sum(value)`, 'desc')
      .limit(limit)
      .execute()
  }

  /** Distinct sessions whose last heartbeat is after `since` (viewers now). */
  async viewersSince(range: RecordRange): Promise<number> {
    return this.uniqueViewers(range)
  }

  errors(channelId: number, from: number, to: number, limit: number) {
    return this.db
      .selectFrom('analytics_errors')
      .where('channel_id', '=', channelId)
      .where('at', '>=', from)
      .where('at', '<', to)
      .select(['kind', 'message', 'url', 'request_url', 'status', 'release', 'at'])
      .orderBy('at', 'desc')
      .limit(limit)
      .execute()
  }
}
