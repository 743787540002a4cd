import type { Insertable, Kysely, Updateable } from 'kysely'
import { bumpCalendarSequence, keepCancelledGame } from '../../db/calendar-entries.js'
import { deleteInChannel, updateInChannel } from '../../db/channel-rows.js'
import { bumpContentVersion } from '../../db/content-version.js'
import { type Dialect, writeTransaction } from '../../db/dialect.js'
import type { Database } from '../../db/schema.js'
import { newStreamKey } from '../../lib/secrets.js'

type AnyTables = Record<string, Record<string, any>>

type ChannelTable =
  | 'event_categories'
  | 'event_locations'
  | 'participant_groups'
  | 'participants'
  | 'events'
  | 'vod_categories'
  | 'vod_items'
  | 'vod_rails'

/**
 * Catalogue writes. Every write is scoped by channel and bumps the channel's content version in the
 * same transaction, so every cache of the channel rebuilds (decision 3).
 */
export class CatalogAdminRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /** Which of `ids` in `table` belong to the channel. */
  async owned(table: ChannelTable, channelId: number, ids: number[]) {
    if (!ids.length) return new Set<number>()
    const rows = await this.db
      .selectFrom(table)
      .select('id')
      .where('channel_id', '=', channelId)
      .where('id', 'in', ids)
      .execute()
    return new Set(rows.map((r) => r.id as number))
  }

  // Generic over the channel's tables: the values were validated by the service's schemas, so the
  // query builder is used untyped here; every statement is still scoped by channel.
  insert<T extends ChannelTable>(
    table: T,
    channelId: number,
    values: Omit<Insertable<Database[T]>, 'channel_id'>,
    now: number,
  ) {
    return writeTransaction(this.db, this.dialect, async (trx) => {
      const row = await (trx as unknown as Kysely<AnyTables>)
        .insertInto(table as string)
        .values({ ...values, channel_id: channelId })
        .returning('id')
        .executeTakeFirstOrThrow()
      await bumpContentVersion(trx, channelId, now)
      return row.id as number
    })
  }

  update<T extends ChannelTable>(
    table: T,
    channelId: number,
    id: number,
    values: Updateable<Database[T]>,
    now: number,
  ) {
    return writeTransaction(this.db, this.dialect, async (trx) => {
      const set = values as Updateable<Database[ChannelTable]>
      if (!(await updateInChannel<ChannelTable>(trx, table, channelId, { id }, set))) return false
      await bumpContentVersion(trx, channelId, now)
      return true
    })
  }

  delete(table: ChannelTable, channelId: number, id: number, now: number) {
    return writeTransaction(this.db, this.dialect, async (trx) => {
      if (!(await deleteInChannel(trx, table, channelId, { id }))) return false
      await bumpContentVersion(trx, channelId, now)
      return true
    })
  }

  findEvent(channelId: number, id: number) {
    return this.db
      .selectFrom('events')
      .select(['id', 'stream_status', 'event_utc_ts'])
      .where('channel_id', '=', channelId)
      .where('id', '=', id)
      .executeTakeFirst()
  }

  /**
   * Deletes an event; when `cancelled` (it was still to be played), keeps what the calendar feeds need
   * to show it cancelled (decision 0055), in the same transaction.
   */
  deleteEvent(channelId: number, id: number, now: number, cancelled: boolean) {
    return writeTransaction(this.db, this.dialect, async (trx) => {
      if (cancelled) await keepCancelledGame(trx, channelId, id, now)
      if (!(await deleteInChannel(trx, 'events', channelId, { id }))) return false
      await bumpContentVersion(trx, channelId, now)
      return true
    })
  }

  /** An event and its participants, written together. */
  saveEvent(
    channelId: number,
    id: number | null,
    values: Omit<Insertable<Database['events']>, 'channel_id'>,
    participants: { participant_id: number; side: 'home' | 'away' }[],
    now: number,
  ) {
    return writeTransaction(this.db, this.dialect, async (trx) => {
      let eventId = id
      if (eventId === null) {
        eventId = (
          await trx
            .insertInto('events')
            .values({ stream_key: newStreamKey(), ...values, channel_id: channelId })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id
      } else {
        const res = await trx
          .updateTable('events')
          .set({ ...values, created_at: undefined })
          .where('channel_id', '=', channelId)
          .where('id', '=', eventId)
          .executeTakeFirst()
        if (Number(res.numUpdatedRows) === 0) return null
        await bumpCalendarSequence(trx, channelId, eventId)
        await trx.deleteFrom('event_participants').where('event_id', '=', eventId).execute()
      }
      const ev = eventId
      if (participants.length) {
        await trx
          .insertInto('event_participants')
          .values(participants.map((p) => ({ ...p, event_id: ev })))
          .execute()
      }
      await bumpContentVersion(trx, channelId, now)
      return eventId
    })
  }

  setStreamStatus(channelId: number, id: number, status: 'upcoming' | 'live' | 'vod', now: number) {
    return this.update('events', channelId, id, { stream_status: status, updated_at: now }, now)
  }
}
