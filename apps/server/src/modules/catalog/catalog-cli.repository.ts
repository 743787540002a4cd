import type { Kysely } from 'kysely'
import { findInChannel } from '../../db/channel-rows.js'
import type { Database } from '../../db/schema.js'

/**
 * What the operator command line and console uploads read and write of the catalogue (`media import`,
 * `event stream-key`, the owner an upload goes to).
 */
export class CatalogCliRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** An event of the channel, with its stream key. */
  findEvent(channelId: number, id: number) {
    return findInChannel(this.db, 'events', channelId, { id }, ['id', 'name', 'stream_key', 'stream_status'])
  }

  findVodItem(channelId: number, id: number) {
    return findInChannel(this.db, 'vod_items', channelId, { id }, ['id', 'title'])
  }

  /** A new VOD item, uncategorised, dated now; its id. */
  async createVodItem(channelId: number, title: string, duration: number, now: number) {
    const row = await this.db
      .insertInto('vod_items')
      .values({
        channel_id: channelId,
        category_id: null,
        title,
        description: null,
        date: now,
        duration,
        assets: '[]',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }

  /** The channel's settings JSON (its upload limits are read from it). */
  async channelSettings(channelId: number): Promise<string> {
    const row = await this.db.selectFrom('channels').select('settings').where('id', '=', channelId).executeTakeFirst()
    return row?.settings ?? '{}'
  }

  findPreroll(channelId: number, id: number) {
    return findInChannel(this.db, 'prerolls', channelId, { id }, ['id', 'url'])
  }

  /** A new pre-roll with the defaults of the console's form (weight 1, live and VOD, anywhere) and no video yet. */
  async createPreroll(channelId: number, now: number) {
    const row = await this.db
      .insertInto('prerolls')
      .values({
        channel_id: channelId,
        url: '',
        weight: 1,
        location_id: null,
        event_categories: '[]',
        for_vod: 1,
        for_live: 1,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }
}
