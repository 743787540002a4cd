import { type Kysely, sql } from 'kysely'
import type { Database } from './schema.js'

/**
 * What every write of an event does for its calendar entry (decision 0055), in the writer's transaction:
 * the console's generic writes and the catalogue's own both come here.
 */

/** Whether deleting this event cancels a game: it was still to be played (upcoming, its start ahead). */
export const deletionCancels = (event: Record<string, unknown>, now: number) =>
  event.stream_status === 'upcoming' && Number(event.event_utc_ts) > now

/** A saved event's entry may have moved: its `SEQUENCE` goes up. */
export async function bumpCalendarSequence(trx: Kysely<Database>, channelId: number, eventId: number) {
  await trx
    .updateTable('events')
    .set({ calendar_sequence: sql`calendar_sequence + 1` })
    .where('channel_id', '=', channelId)
    .where('id', '=', eventId)
    .execute()
}

/** Keeps what the feeds need to show a game cancelled; call before the event's row is deleted. */
export async function keepCancelledGame(trx: Kysely<Database>, channelId: number, eventId: number, now: number) {
  const ev = await trx
    .selectFrom('events')
    .leftJoin('event_locations', 'event_locations.id', 'events.location_id')
    .select([
      'events.name',
      'events.event_utc_ts',
      'events.time_zone',
      'events.event_category_id',
      'events.calendar_sequence',
      'events.created_at',
      'event_locations.name as location',
    ])
    .where('events.channel_id', '=', channelId)
    .where('events.id', '=', eventId)
    .executeTakeFirst()
  if (!ev) return
  const teams = await trx
    .selectFrom('event_participants')
    .innerJoin('participants', 'participants.id', 'event_participants.participant_id')
    .select(['participants.id', 'participants.group_id'])
    .where('event_participants.event_id', '=', eventId)
    .execute()
  const groups = [...new Set(teams.flatMap((t) => (t.group_id === null ? [] : [t.group_id])))]
  const row = {
    channel_id: channelId,
    name: ev.name,
    event_utc_ts: ev.event_utc_ts,
    time_zone: ev.time_zone,
    location: ev.location,
    category_id: ev.event_category_id,
    participant_ids: JSON.stringify(teams.map((t) => t.id)),
    group_ids: JSON.stringify(groups),
    sequence: Number(ev.calendar_sequence) + 1,
    cancelled_at: now,
  }
  await trx
    .insertInto('calendar_cancellations')
    .values({ event_id: eventId, event_created_at: ev.created_at, ...row })
    .onConflict((oc) => oc.columns(['event_id', 'event_created_at']).doUpdateSet(row))
    .execute()
}
