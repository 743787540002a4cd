import type { Kysely, Selectable } from 'kysely'
import type { Database, HighlightReelTable } from '../../db/schema.js'

export type ReelRow = Selectable<HighlightReelTable>

/**
 * Highlight reels (decision 0058): a game's reel row, and the library video it is published as (the
 * reel's own `vod_items` row: made, retitled and re-priced only here). A row's `updated_at` is when its
 * newest making was asked for (a final): the job that made the ask finds itself superseded by a later one.
 * Status changes leave it as it is.
 */
export class ReelsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(eventId: number) {
    return this.db.selectFrom('highlight_reels').selectAll().where('event_id', '=', eventId).executeTakeFirst()
  }

  /** A reel asked for (again): waiting, no error; the library video it had stays until the new one replaces it. */
  async request(r: { eventId: number; channelId: number; title: string; at: number }) {
    await this.db
      .insertInto('highlight_reels')
      .values({
        ...{ event_id: r.eventId, channel_id: r.channelId, status: 'waiting', vod_item_id: null, title: r.title },
        ...{ chapters: '[]', duration: null, error: null, created_at: r.at, updated_at: r.at },
      })
      .onConflict((oc) =>
        oc.column('event_id').doUpdateSet({ status: 'waiting', error: null, title: r.title, updated_at: r.at }),
      )
      .execute()
  }

  /** The reel's state, unless a newer making was asked for since `askedAt`; whether it was written. */
  async set(
    eventId: number,
    askedAt: number,
    values: Partial<Pick<ReelRow, 'status' | 'vod_item_id' | 'chapters' | 'duration' | 'error'>>,
  ) {
    const done = await this.db
      .updateTable('highlight_reels')
      .set(values)
      .where('event_id', '=', eventId)
      .where('updated_at', '<=', askedAt)
      .executeTakeFirst()
    return Number(done.numUpdatedRows) > 0
  }

  /** The game, its channel's name and the access mode the reel takes from it. */
  event(eventId: number) {
    return this.db
      .selectFrom('events')
      .innerJoin('channels', 'channels.id', 'events.channel_id')
      .select(['events.id', 'events.name', 'events.channel_id', 'events.access_mode', 'channels.name as channel_name'])
      .where('events.id', '=', eventId)
      .executeTakeFirst()
  }

  /** The reel's library video: made, or (a remade reel) its title, access and length brought up to date. */
  async libraryVideo(
    v: { channelId: number; title: string; accessMode: 'free' | 'register' | 'paid'; duration: number; now: number },
    existing: number | null,
  ): Promise<number> {
    const values = { title: v.title, access_mode: v.accessMode, duration: Math.round(v.duration) }
    if (existing !== null) {
      const updated = await this.db
        .updateTable('vod_items')
        .set(values)
        .where('id', '=', existing)
        .where('channel_id', '=', v.channelId)
        .executeTakeFirst()
      if (Number(updated.numUpdatedRows) > 0) return existing
    }
    const row = await this.db
      .insertInto('vod_items')
      .values({
        ...values,
        ...{ channel_id: v.channelId, category_id: null, description: null, date: v.now, assets: '[]' },
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }
}
