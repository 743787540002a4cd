import { type Kysely, sql } from 'kysely'
import { findInChannel, listInChannel } from '../../db/channel-rows.js'
import { containsText } from '../../db/dialect.js'
import type { Database } from '../../db/schema.js'

/** What the service resolved a viewer's filters to: ids and plain values only. */
export interface EventFilters {
  streamStatus?: ('upcoming' | 'live' | 'vod')[]
  categoryIds?: number[]
  participantIds?: number[]
  groupIds?: number[]
  locationIds?: number[]
  gender?: 'M' | 'W'
  cities?: string[]
  states?: string[]
  from?: number
  to?: number
  search?: string
  /** Events that involve any of these (a viewer's favourites). */
  anyOf?: { participantIds: number[]; groupIds: number[]; categoryIds: number[] }
  /** Only these events (those with clips, for `/events/with_clip`). */
  ids?: number[]
}

export interface EventPage {
  sortField: 'event_utc_ts' | 'name' | 'id'
  sortDirection: 'asc' | 'desc'
  offset: number
  limit: number | null
}

/** The only code that queries the catalogue tables. */
export class CatalogRepository {
  constructor(private readonly db: Kysely<Database>) {}

  categories(channelId: number) {
    return listInChannel(this.db, 'event_categories', channelId, {
      select: ['id', 'parent_id', 'name', 'alias'],
      orderBy: ['position', 'id'],
    })
  }

  locations(channelId: number) {
    return listInChannel(this.db, 'event_locations', channelId, {
      select: ['id', 'name', 'city', 'state', 'address', 'time_zone'],
      orderBy: ['name'],
    })
  }

  groups(channelId: number) {
    return listInChannel(this.db, 'participant_groups', channelId, {
      select: ['id', 'name', 'short_name', 'alias', 'images', 'properties'],
      orderBy: ['position', 'name'],
    })
  }

  participants(channelId: number) {
    return listInChannel(this.db, 'participants', channelId, {
      select: [
        'id',
        'name',
        'short_name',
        'alias',
        'images',
        'color',
        'group_id',
        'category_id',
        'gender',
        'properties',
      ],
      orderBy: ['name'],
    })
  }

  private filtered(channelId: number, f: EventFilters) {
    let q = this.db.selectFrom('events').where('events.channel_id', '=', channelId)
    if (f.streamStatus?.length) q = q.where('events.stream_status', 'in', f.streamStatus)
    if (f.ids) q = q.where('events.id', 'in', f.ids.length ? f.ids : [0])
    if (f.categoryIds) q = q.where('events.event_category_id', 'in', f.categoryIds.length ? f.categoryIds : [0])
    if (f.locationIds) q = q.where('events.location_id', 'in', f.locationIds.length ? f.locationIds : [0])
    if (f.from !== undefined) q = q.where('events.event_utc_ts', '>=', f.from)
    if (f.to !== undefined) q = q.where('events.event_utc_ts', '<=', f.to)
    if (f.search) q = q.where(containsText('events.name', f.search))
    if (f.cities?.length || f.states?.length) {
      q = q.where('events.location_id', 'in', (eb) => {
        let l = eb
          .selectFrom('event_locations')
          .select('event_locations.id')
          .where('event_locations.channel_id', '=', channelId)
        if (f.cities?.length)
          l = l.where(
            sql`lower(event_locations.city)`,
            'in',
            f.cities.map((c) => c.toLowerCase()),
          )
        if (f.states?.length)
          l = l.where(
            sql`lower(event_locations.state)`,
            'in',
            f.states.map((s) => s.toLowerCase()),
          )
        return l
      })
    }
    const withParticipants = (build: (p: ReturnType<typeof participantQuery>) => ReturnType<typeof participantQuery>) =>
      q.where(({ exists }) => exists(build(participantQuery())))
    const participantQuery = () =>
      this.db
        .selectFrom('event_participants')
        .innerJoin('participants', 'participants.id', 'event_participants.participant_id')
        .select(sql`1`.as('one'))
        .where(sql<boolean>`event_participants.event_id = events.id`)
    if (f.participantIds) {
      const ids = f.participantIds.length ? f.participantIds : [0]
      q = withParticipants((p) => p.where('participants.id', 'in', ids))
    }
    if (f.groupIds) {
      const ids = f.groupIds.length ? f.groupIds : [0]
      q = withParticipants((p) => p.where('participants.group_id', 'in', ids))
    }
    if (f.anyOf) {
      const { participantIds, groupIds, categoryIds } = f.anyOf
      q = q.where((eb) =>
        eb.or([
          eb('events.event_category_id', 'in', categoryIds.length ? categoryIds : [0]),
          eb.exists(participantQuery().where('participants.id', 'in', participantIds.length ? participantIds : [0])),
          eb.exists(participantQuery().where('participants.group_id', 'in', groupIds.length ? groupIds : [0])),
        ]),
      )
    }
    if (f.gender) {
      const gender = f.gender
      q = withParticipants((p) => p.where('participants.gender', '=', gender))
    }
    return q
  }

  async countEvents(channelId: number, f: EventFilters) {
    const row = await this.filtered(channelId, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  /** A page of events; each row carries `total_count`, the number of matches before paging. */
  listEvents(channelId: number, f: EventFilters, page: EventPage) {
    let q = this.filtered(channelId, f)
      .selectAll('events')
      .select((eb) => eb.fn.countAll<number>().over().as('total_count'))
      .orderBy(`events.${page.sortField}`, page.sortDirection)
      .orderBy('events.id', page.sortDirection)
    if (page.limit !== null) q = q.limit(page.limit).offset(page.offset)
    return q.execute()
  }

  findEvent(channelId: number, id: number) {
    return findInChannel(this.db, 'events', channelId, { id })
  }

  /** The participants of these events, home before away. */
  eventParticipants(eventIds: number[]) {
    if (!eventIds.length) return Promise.resolve([])
    return this.db
      .selectFrom('event_participants')
      .innerJoin('participants', 'participants.id', 'event_participants.participant_id')
      .select([
        'event_participants.event_id',
        'event_participants.side',
        'participants.id',
        'participants.name',
        'participants.short_name',
        'participants.alias',
        'participants.images',
        'participants.color',
        'participants.group_id',
        'participants.category_id',
        'participants.gender',
        'participants.properties',
      ])
      .where('event_participants.event_id', 'in', eventIds)
      .orderBy('event_participants.side', 'desc')
      .execute()
  }

  /** The score now of the events whose game is live or final (game day, decision 0057): one query for a page. */
  eventScores(eventIds: number[]) {
    if (!eventIds.length) return Promise.resolve([])
    return this.db
      .selectFrom('score_games')
      .select(['event_id', 'home', 'away', 'period', 'status'])
      .where('event_id', 'in', eventIds)
      .where('status', 'in', ['live', 'final'])
      .execute()
  }

  vodCategories(channelId: number) {
    return listInChannel(this.db, 'vod_categories', channelId, {
      select: ['id', 'name', 'alias'],
      orderBy: ['position', 'id'],
    })
  }

  private vodFiltered(channelId: number, f: { categoryIds?: number[]; title?: string }) {
    let q = this.db.selectFrom('vod_items').where('vod_items.channel_id', '=', channelId)
    if (f.categoryIds?.length) q = q.where('vod_items.category_id', 'in', f.categoryIds)
    if (f.title) {
      q = q.where(containsText('vod_items.title', f.title))
    }
    return q
  }

  async countVod(channelId: number, f: { categoryIds?: number[]; title?: string }) {
    const row = await this.vodFiltered(channelId, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  listVod(
    channelId: number,
    f: { categoryIds?: number[]; title?: string },
    page: { sortField: 'date' | 'title'; sortDirection: 'asc' | 'desc'; offset: number; limit: number },
  ) {
    return this.vodFiltered(channelId, f)
      .selectAll('vod_items')
      .orderBy(`vod_items.${page.sortField}`, page.sortDirection)
      .orderBy('vod_items.id', page.sortDirection)
      .limit(page.limit)
      .offset(page.offset)
      .execute()
  }

  findVod(channelId: number, id: number) {
    return findInChannel(this.db, 'vod_items', channelId, { id })
  }

  vodRails(channelId: number) {
    return this.db
      .selectFrom('vod_rails')
      .leftJoin('vod_rail_items', 'vod_rail_items.rail_id', 'vod_rails.id')
      .leftJoin('vod_items', 'vod_items.id', 'vod_rail_items.item_id')
      .select([
        'vod_rails.id as rail_id',
        'vod_rails.title as rail_title',
        'vod_items.id',
        'vod_items.title',
        'vod_items.description',
        'vod_items.date',
        'vod_items.duration',
        'vod_items.category_id',
        'vod_items.assets',
        'vod_items.access_mode',
      ])
      .where('vod_rails.channel_id', '=', channelId)
      .orderBy('vod_rails.position')
      .orderBy('vod_rails.id')
      .orderBy('vod_rail_items.position')
      .execute()
  }

  listFavorites(userId: number) {
    return this.db
      .selectFrom('favorites')
      .select(['id', 'favoritable_type', 'favoritable_id'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute()
  }

  /** Adds a favourite once; a second add of the same one finds the first. */
  async addFavorite(userId: number, type: 'participant' | 'group' | 'category', itemId: number, now: number) {
    await this.db
      .insertInto('favorites')
      .values({ user_id: userId, favoritable_type: type, favoritable_id: itemId, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'favoritable_type', 'favoritable_id']).doNothing())
      .execute()
    return this.db
      .selectFrom('favorites')
      .select(['id', 'favoritable_type', 'favoritable_id'])
      .where('user_id', '=', userId)
      .where('favoritable_type', '=', type)
      .where('favoritable_id', '=', itemId)
      .executeTakeFirstOrThrow()
  }

  /** Deletes the user's own favourite; true when there was one. */
  async removeFavorite(userId: number, id: number) {
    const res = await this.db
      .deleteFrom('favorites')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst()
    return Number(res.numDeletedRows) > 0
  }
}
