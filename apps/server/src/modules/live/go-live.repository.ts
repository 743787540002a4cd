import type { Kysely } from 'kysely'
import { findInChannel } from '../../db/channel-rows.js'
import type { Database } from '../../db/schema.js'

/** What the go-live panel reads and writes of `events`: the event on the operator's channel, its stream key. */
export class GoLiveRepository {
  constructor(private readonly db: Kysely<Database>) {}

  eventOnChannel(channelId: number, eventId: number) {
    return findInChannel(this.db, 'events', channelId, { id: eventId }, [
      'id',
      'channel_id',
      'name',
      'stream_key',
      'stream_status',
    ])
  }

  async setStreamKey(eventId: number, streamKey: string, now: number) {
    await this.db
      .updateTable('events')
      .set({ stream_key: streamKey, updated_at: now })
      .where('id', '=', eventId)
      .execute()
  }
}
