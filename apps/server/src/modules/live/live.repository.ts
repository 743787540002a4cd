import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.js'

/** What live streaming reads and writes of `events`: the event a stream key names, and its stream status. */
export class LiveRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** What live streaming reads of an event. */
  private events() {
    return this.db.selectFrom('events').select(['id', 'channel_id', 'stream_status', 'name'])
  }

  /** The event whose stream key this is. */
  eventByStreamKey(streamKey: string) {
    return this.events().where('stream_key', '=', streamKey).executeTakeFirst()
  }

  eventById(eventId: number) {
    return this.events().where('id', '=', eventId).executeTakeFirst()
  }

  /** The event went live, or its stream ended and it is a replay now. */
  async setStreamStatus(eventId: number, status: 'live' | 'vod', now: number) {
    await this.db
      .updateTable('events')
      .set({ stream_status: status, updated_at: now })
      .where('id', '=', eventId)
      .execute()
  }
}
