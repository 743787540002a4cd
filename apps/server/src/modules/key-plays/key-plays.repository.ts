import type { Insertable, Kysely, Selectable } from 'kysely'
import type { Database, KeyPlayTable } from '../../db/schema.js'

export type KeyPlayRow = Selectable<KeyPlayTable>
export type NewKeyPlay = Omit<Insertable<KeyPlayTable>, 'id'>

/** Key plays (decision 0058): the only queries of the module. */
export class KeyPlaysRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** New key plays; one per game and action (a retried batch makes none twice). Answers the ids made. */
  async insert(rows: NewKeyPlay[]): Promise<number[]> {
    const ids: number[] = []
    for (const row of rows) {
      const made = await this.db
        .insertInto('key_plays')
        .values(row)
        .onConflict((oc) => oc.columns(['event_id', 'action_uid']).doNothing())
        .returning('id')
        .executeTakeFirst()
      if (made) ids.push(made.id)
    }
    return ids
  }

  find(id: number) {
    return this.db.selectFrom('key_plays').selectAll().where('id', '=', id).executeTakeFirst()
  }

  findOnChannel(channelId: number, id: number) {
    return this.db
      .selectFrom('key_plays')
      .selectAll()
      .where('id', '=', id)
      .where('channel_id', '=', channelId)
      .executeTakeFirst()
  }

  ofActions(eventId: number, uids: string[]) {
    if (uids.length === 0) return Promise.resolve([])
    return this.db
      .selectFrom('key_plays')
      .selectAll()
      .where('event_id', '=', eventId)
      .where('action_uid', 'in', uids)
      .execute()
  }

  /** A game's key plays in the order played. */
  ofEvent(eventId: number) {
    return this.db
      .selectFrom('key_plays')
      .selectAll()
      .where('event_id', '=', eventId)
      .orderBy('moment_ms')
      .orderBy('id')
      .execute()
  }

  /** The channel's key plays made since `since`, newest first, with their game's name. */
  recent(channelId: number, since: number, limit = 50) {
    return this.db
      .selectFrom('key_plays')
      .innerJoin('events', 'events.id', 'key_plays.event_id')
      .selectAll('key_plays')
      .select('events.name as event_name')
      .where('key_plays.channel_id', '=', channelId)
      .where('key_plays.created_at', '>=', since)
      .orderBy('key_plays.created_at', 'desc')
      .limit(limit)
      .execute()
  }

  async update(id: number, values: Partial<Omit<KeyPlayRow, 'id' | 'channel_id' | 'event_id' | 'action_uid'>>) {
    await this.db.updateTable('key_plays').set(values).where('id', '=', id).execute()
  }

  async delete(id: number) {
    await this.db.deleteFrom('key_plays').where('id', '=', id).execute()
  }

  /** The game's name and its channel's (an official clip is named after both). */
  eventOf(eventId: number) {
    return this.db
      .selectFrom('events')
      .innerJoin('channels', 'channels.id', 'events.channel_id')
      .select(['events.id', 'events.name', 'events.channel_id', 'channels.name as channel_name', 'channels.settings'])
      .where('events.id', '=', eventId)
      .executeTakeFirst()
  }
}
