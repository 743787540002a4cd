import type { Kysely } from 'kysely'
import { deleteInChannel, findInChannel } from '../../db/channel-rows.js'
import type { ChannelRow, Database, PremiereRow } from '../../db/schema.js'

/** What a premiere's files are checked against: the premiere, its channel and its event's geo rules. */
export interface PremiereContext {
  premiere: PremiereRow
  channel: ChannelRow
  geoRules: string
}

/** The only code that queries `premieres`; it also keeps the premiered events' status and time in step. */
export class PremieresRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The event of the channel, if it is there. */
  event(channelId: number, eventId: number) {
    return findInChannel(this.db, 'events', channelId, { id: eventId }, ['id', 'name', 'stream_status'])
  }

  /** Schedules (or moves) the event's premiere: one per event. */
  async upsert(values: Omit<PremiereRow, 'id' | 'created_at' | 'updated_at'>, now: number): Promise<PremiereRow> {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('premieres').where('event_id', '=', values.event_id).execute()
      return trx
        .insertInto('premieres')
        .values({ ...values, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow()
    })
  }

  byEvent(channelId: number, eventId: number) {
    return findInChannel(this.db, 'premieres', channelId, { event_id: eventId })
  }

  /** What a recording is of (a game, or a library video). */
  assetOwner(assetId: number) {
    return this.db
      .selectFrom('media_assets')
      .select(['owner_type', 'owner_id'])
      .where('id', '=', assetId)
      .executeTakeFirst()
  }

  byId(channelId: number, id: number) {
    return findInChannel(this.db, 'premieres', channelId, { id })
  }

  remove(channelId: number, id: number) {
    return deleteInChannel(this.db, 'premieres', channelId, { id })
  }

  /**
   * The channel's premieres (or one of them) with their events' names and whose recording each shows,
   * soonest first.
   */
  ofChannel(channelId: number, id?: number) {
    let q = this.db
      .selectFrom('premieres')
      .innerJoin('events', 'events.id', 'premieres.event_id')
      .leftJoin('media_assets', 'media_assets.id', 'premieres.asset_id')
      .leftJoin('events as source_events', (j) =>
        j.onRef('source_events.id', '=', 'media_assets.owner_id').on('media_assets.owner_type', '=', 'event'),
      )
      .leftJoin('vod_items', (j) =>
        j.onRef('vod_items.id', '=', 'media_assets.owner_id').on('media_assets.owner_type', '=', 'vod'),
      )
      .selectAll('premieres')
      .select([
        'events.name as event_name',
        'media_assets.owner_type as source_type',
        'media_assets.owner_id as source_id',
        'source_events.name as source_event_name',
        'vod_items.title as source_vod_title',
      ])
      .where('premieres.channel_id', '=', channelId)
    if (id !== undefined) q = q.where('premieres.id', '=', id)
    return q.orderBy('premieres.starts_at').orderBy('premieres.id').execute()
  }

  /** The channel's ready recordings of events and library videos, newest first, with their owners' names. */
  readyRecordings(channelId: number) {
    return this.db
      .selectFrom('media_assets')
      .leftJoin('events', (j) =>
        j.onRef('events.id', '=', 'media_assets.owner_id').on('media_assets.owner_type', '=', 'event'),
      )
      .leftJoin('vod_items', (j) =>
        j.onRef('vod_items.id', '=', 'media_assets.owner_id').on('media_assets.owner_type', '=', 'vod'),
      )
      .select([
        'media_assets.owner_type',
        'media_assets.owner_id',
        'media_assets.duration',
        'events.name as event_name',
        'events.stream_status',
        'vod_items.title as vod_title',
      ])
      .where('media_assets.channel_id', '=', channelId)
      .where('media_assets.status', '=', 'ready')
      .where('media_assets.owner_type', 'in', ['event', 'vod'])
      .orderBy('media_assets.created_at', 'desc')
      .orderBy('media_assets.id', 'desc')
      .limit(1000)
      .execute()
  }

  /** Every premiere with its event's stored status and time (what the clock keeps in step). */
  all() {
    return this.db
      .selectFrom('premieres')
      .innerJoin('events', 'events.id', 'premieres.event_id')
      .selectAll('premieres')
      .select(['events.stream_status', 'events.event_utc_ts'])
      .execute()
  }

  /** Sets the premiered event's status and start; whether anything changed. */
  async setEvent(eventId: number, status: 'upcoming' | 'live' | 'vod', startsAt: number, now: number) {
    const r = await this.db
      .updateTable('events')
      .set({ stream_status: status, event_utc_ts: startsAt, updated_at: now })
      .where('id', '=', eventId)
      .where((eb) => eb.or([eb('stream_status', '!=', status), eb('event_utc_ts', '!=', startsAt)]))
      .execute()
    return Number(r[0]?.numUpdatedRows ?? 0) > 0
  }

  async context(id: number): Promise<PremiereContext | null> {
    const premiere = await this.db.selectFrom('premieres').selectAll().where('id', '=', id).executeTakeFirst()
    if (!premiere) return null
    const [channel, event] = await Promise.all([
      this.db.selectFrom('channels').selectAll().where('id', '=', premiere.channel_id).executeTakeFirst(),
      this.db.selectFrom('events').select('geo_rules').where('id', '=', premiere.event_id).executeTakeFirst(),
    ])
    return channel && event ? { premiere, channel, geoRules: event.geo_rules } : null
  }
}
