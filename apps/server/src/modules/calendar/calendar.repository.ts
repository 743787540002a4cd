import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/schema.js'

/** What a feed holds: games in any of these (a team, a school's teams, a sport, or a viewer's follows). */
export interface FeedScope {
  participantIds: number[]
  groupIds: number[]
  categoryIds: number[]
}

const some = (ids: number[]) => (ids.length ? ids : [0])

/** The only code that queries for the calendar feeds. */
export class CalendarRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The name of a team, school or sport of the channel; undefined when the channel has none by that id. */
  async targetName(channelId: number, kind: 'participant' | 'group' | 'category', id: number) {
    const table = kind === 'participant' ? 'participants' : kind === 'group' ? 'participant_groups' : 'event_categories'
    const row = await this.db
      .selectFrom(table)
      .select('name')
      .where('channel_id', '=', channelId)
      .where('id', '=', id)
      .executeTakeFirst()
    return row?.name
  }

  /** The channel's games in the scope that start at or after `fromMs`, soonest first, at most `limit`. */
  games(channelId: number, scope: FeedScope, fromMs: number, limit: number) {
    return this.db
      .selectFrom('events')
      .leftJoin('event_locations', 'event_locations.id', 'events.location_id')
      .select([
        'events.id',
        'events.name',
        'events.event_utc_ts',
        'events.time_zone',
        'events.updated_at',
        'events.created_at',
        'events.calendar_sequence',
        'event_locations.name as location_name',
        'event_locations.city as location_city',
        'event_locations.state as location_state',
      ])
      .where('events.channel_id', '=', channelId)
      .where('events.event_utc_ts', '>=', fromMs)
      .where((eb) =>
        eb.or([
          eb('events.event_category_id', 'in', some(scope.categoryIds)),
          eb.exists(
            eb
              .selectFrom('event_participants')
              .innerJoin('participants', 'participants.id', 'event_participants.participant_id')
              .select(sql`1`.as('one'))
              .where(sql<boolean>`event_participants.event_id = events.id`)
              .where((p) =>
                p.or([
                  p('participants.id', 'in', some(scope.participantIds)),
                  p('participants.group_id', 'in', some(scope.groupIds)),
                ]),
              ),
          ),
        ]),
      )
      .orderBy('events.event_utc_ts')
      .orderBy('events.id')
      .limit(limit)
      .execute()
  }

  /** The channel's cancelled games that were to start at or after `fromMs`. */
  cancellations(channelId: number, fromMs: number) {
    return this.db
      .selectFrom('calendar_cancellations')
      .selectAll()
      .where('channel_id', '=', channelId)
      .where('event_utc_ts', '>=', fromMs)
      .orderBy('event_utc_ts')
      .execute()
  }

  /** These sports with their divisions, at any depth (a sport's games are its divisions' games too). */
  async withDivisions(channelId: number, categoryIds: number[]) {
    if (!categoryIds.length) return []
    const rows = await this.db
      .selectFrom('event_categories')
      .select(['id', 'parent_id'])
      .where('channel_id', '=', channelId)
      .execute()
    const all = new Set(categoryIds)
    for (let grew = true; grew; ) {
      grew = false
      for (const c of rows)
        if (c.parent_id !== null && all.has(c.parent_id) && !all.has(c.id)) {
          all.add(c.id)
          grew = true
        }
    }
    return [...all]
  }

  /** The teams of these groups (a school's teams), for matching cancelled games to a school's feed. */
  async participantsOfGroups(groupIds: number[]) {
    if (!groupIds.length) return []
    const rows = await this.db.selectFrom('participants').select('id').where('group_id', 'in', groupIds).execute()
    return rows.map((r) => r.id)
  }

  /** What a viewer follows: their favourites by kind. */
  async follows(userId: number): Promise<FeedScope> {
    const rows = await this.db
      .selectFrom('favorites')
      .select(['favoritable_type', 'favoritable_id'])
      .where('user_id', '=', userId)
      .execute()
    const of = (t: string) => rows.filter((r) => r.favoritable_type === t).map((r) => r.favoritable_id)
    return { participantIds: of('participant'), groupIds: of('group'), categoryIds: of('category') }
  }

  /** The user's channel and name, for a feed asked for by its private link alone. */
  user(userId: number) {
    return this.db
      .selectFrom('users')
      .innerJoin('channels', 'channels.id', 'users.channel_id')
      .select(['users.id', 'users.channel_id', 'channels.key as channel_key', 'channels.name as channel_name'])
      .where('users.id', '=', userId)
      .executeTakeFirst()
  }

  link(userId: number) {
    return this.db
      .selectFrom('calendar_links')
      .select(['version', 'active', 'updated_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst()
  }

  /** Turns the link on with a new version (every older link stops working); answers the version. */
  async renewLink(userId: number, now: number) {
    const row = await this.db
      .insertInto('calendar_links')
      .values({ user_id: userId, version: 1, active: 1, updated_at: now })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ version: sql`calendar_links.version + 1`, active: 1, updated_at: now }),
      )
      .returning('version')
      .executeTakeFirstOrThrow()
    return row.version
  }

  async disableLink(userId: number, now: number) {
    await this.db
      .updateTable('calendar_links')
      .set({ active: 0, updated_at: now })
      .where('user_id', '=', userId)
      .execute()
  }
}
