import type {
  Event,
  EventCategory,
  EventLocation,
  EventScore,
  EventsQuery,
  ListMeta,
  Participant,
  ParticipantGroup,
} from '@fieldhouse/contract'
import type { ChannelRow } from '../../db/schema.js'
import { notFound } from '../../lib/errors.js'
import type { Session } from '../../lib/session.js'
import { VersionedCache } from '../../lib/versioned-cache.js'
import type { AccessService } from '../access/access.service.js'
import {
  type ParticipantRow,
  presentCategoryTree,
  presentEvent,
  presentGroup,
  presentParticipant,
} from './catalog.presenter.js'
import type { CatalogRepository, EventFilters } from './catalog.repository.js'

type EventRow = NonNullable<Awaited<ReturnType<CatalogRepository['findEvent']>>>

/** The small, slow-changing lists every catalogue answer needs, read once per content version. */
interface Snapshot {
  categoryRows: { id: number; parent_id: number | null; name: string; alias: string }[]
  categories: EventCategory[]
  locations: EventLocation[]
  groups: ParticipantGroup[]
  participantRows: ParticipantRow[]
}

const DAY_MS = 86_400_000
const HOMEPAGE_RAIL = 8

/**
 * Sports, venues, schools, teams and events (spec §3, §7 "Events", "Participants").
 */
export class CatalogService {
  private readonly snapshots: VersionedCache<number, Snapshot>

  constructor(
    private readonly repo: CatalogRepository,
    private readonly access: AccessService,
    private readonly contentVersion: (channelId: number) => Promise<number | undefined>,
    options: { cacheFreshMs: number },
  ) {
    this.snapshots = new VersionedCache({ freshMs: options.cacheFreshMs, maxEntries: 1000 })
  }

  private async snapshot(channel: ChannelRow): Promise<Snapshot> {
    const snap = await this.snapshots.get(
      channel.id,
      () => this.contentVersion(channel.id),
      async () => {
        const [categoryRows, locations, groups, participantRows] = await Promise.all([
          this.repo.categories(channel.id),
          this.repo.locations(channel.id),
          this.repo.groups(channel.id),
          this.repo.participants(channel.id),
        ])
        return {
          categoryRows,
          categories: presentCategoryTree(categoryRows),
          locations,
          groups: groups.map(presentGroup),
          participantRows,
        }
      },
    )
    if (!snap) throw notFound('channel')
    return snap
  }

  /** Drops what this process remembers of the channel (after a change made here). */
  forget(channelId: number) {
    this.snapshots.invalidate((id) => id === channelId)
  }

  async categories(channel: ChannelRow) {
    return (await this.snapshot(channel)).categories
  }

  /** Every category, flat (divisions included). */
  async categoryList(channel: ChannelRow) {
    return (await this.snapshot(channel)).categoryRows
  }

  /** Expands category ids with their divisions. */
  async withChildren(channel: ChannelRow, ids: number[]) {
    const rows = (await this.snapshot(channel)).categoryRows
    const all = new Set(ids)
    for (let grew = true; grew; ) {
      grew = false
      for (const c of rows) {
        if (c.parent_id !== null && all.has(c.parent_id) && !all.has(c.id)) {
          all.add(c.id)
          grew = true
        }
      }
    }
    return [...all]
  }

  async locations(channel: ChannelRow) {
    return (await this.snapshot(channel)).locations
  }

  async groups(channel: ChannelRow) {
    return (await this.snapshot(channel)).groups
  }

  /** `GET /participant-group-properties`: each property the schools have, with its values. */
  async groupProperties(channel: ChannelRow) {
    const values = new Map<string, Set<string>>()
    for (const g of (await this.snapshot(channel)).groups) {
      for (const [name, value] of Object.entries(g.properties))
        values.set(name, (values.get(name) ?? new Set()).add(value))
    }
    return [...values]
      .map(([name, set]) => ({ name, values: [...set].sort() }))
      .sort((a, b) => a.name.localeCompare(b.name))
  }

  private sportOf(snap: Snapshot) {
    const byId = new Map(snap.categoryRows.map((c) => [c.id, c]))
    return (categoryId: number | null): string | null => {
      let c = categoryId !== null ? byId.get(categoryId) : undefined
      while (c?.parent_id != null) c = byId.get(c.parent_id)
      return c?.alias ?? null
    }
  }

  async participants(channel: ChannelRow, filter: { groupIds?: number[] } = {}): Promise<Participant[]> {
    const snap = await this.snapshot(channel)
    const sportOf = this.sportOf(snap)
    return snap.participantRows
      .filter((p) => !filter.groupIds || (p.group_id !== null && filter.groupIds.includes(p.group_id)))
      .map((p) => presentParticipant(p, sportOf(p.category_id)))
  }

  /** Ids or aliases to ids; an unknown one matches nothing. */
  private resolve(tokens: string[] | undefined, rows: { id: number; alias: string }[]) {
    if (!tokens) return undefined
    return tokens.flatMap((t) =>
      rows
        .filter((r) => (/^\d+$/.test(t) ? r.id === Number(t) : r.alias.toLowerCase() === t.toLowerCase()))
        .map((r) => r.id),
    )
  }

  private async filters(channel: ChannelRow, q: EventsQuery): Promise<EventFilters> {
    const snap = await this.snapshot(channel)
    const f: EventFilters = {}
    if (q.stream_status) f.streamStatus = q.stream_status
    // A category stands for itself and its children (a sport for its men's and women's divisions).
    const withChildren = (ids: number[]) => {
      const all = new Set(ids)
      let grew = true
      while (grew) {
        grew = false
        for (const c of snap.categoryRows) {
          if (c.parent_id !== null && all.has(c.parent_id) && !all.has(c.id)) {
            all.add(c.id)
            grew = true
          }
        }
      }
      return [...all]
    }
    const categoryIds = [...(q.event_category_id ?? []), ...(q.category_id ?? [])]
    const sportIds = this.resolve(
      q.sport,
      snap.categoryRows.filter((c) => c.parent_id === null),
    )
    if (categoryIds.length || sportIds) {
      const chosen = withChildren([...categoryIds, ...(sportIds ?? [])])
      // Both given: the events must match both.
      f.categoryIds =
        categoryIds.length && sportIds
          ? chosen.filter((id) => withChildren(sportIds).includes(id) && withChildren(categoryIds).includes(id))
          : chosen
    }
    const teams = this.resolve(q.team, snap.participantRows)
    if (q.participant_id || teams) f.participantIds = [...(q.participant_id ?? []), ...(teams ?? [])]
    const groupTokens = [...(q.group ?? []), ...(q.school ?? [])]
    if (groupTokens.length) f.groupIds = this.resolve(groupTokens, snap.groups)
    const locations = [...(q.location ?? []), ...(q.venue ?? [])]
    if (locations.length) f.locationIds = locations
    if (q.gender) f.gender = /^(men|m)$/i.test(q.gender) ? 'M' : 'W'
    if (q.city) f.cities = q.city
    if (q.state) f.states = q.state
    if (q.start_date) f.from = Date.parse(q.start_date.length === 10 ? `${q.start_date}T00:00:00Z` : q.start_date)
    if (q.end_date) {
      f.to = q.end_date.length === 10 ? Date.parse(`${q.end_date}T00:00:00Z`) + DAY_MS - 1 : Date.parse(q.end_date)
    }
    if (q.search) f.search = q.search
    return f
  }

  private async present(session: Session, rows: EventRow[]): Promise<Event[]> {
    const snap = await this.snapshot(session.channel)
    const sportOf = this.sportOf(snap)
    const participants = new Map<number, (Participant & { side: 'home' | 'away' })[]>()
    const ids = rows.map((r) => r.id)
    const [participantRows, scoreRows] = await Promise.all([
      this.repo.eventParticipants(ids),
      this.repo.eventScores(ids),
    ])
    for (const p of participantRows) {
      const list = participants.get(p.event_id) ?? []
      list.push({ ...presentParticipant(p, sportOf(p.category_id)), side: p.side })
      participants.set(p.event_id, list)
    }
    const ctx = {
      currency: session.channel.currency,
      categories: new Map(snap.categoryRows.map((c) => [c.id, c])),
      sportOf,
      locations: new Map(snap.locations.map((l) => [l.id, l])),
      participants,
      scores: new Map(scoreRows.map(({ event_id, ...score }) => [event_id, score as EventScore])),
      ...(await this.access.forViewerWithHoldings(session)),
    }
    return rows.map((r) => presentEvent(r, ctx))
  }

  /** `GET /events/favorite`: events of the viewer's teams, schools and sports, with the usual filters. */
  async listFollowed(
    session: Session,
    q: EventsQuery,
    followed: { participantIds: number[]; groupIds: number[]; categoryIds: number[] },
  ) {
    const anyOf = { ...followed, categoryIds: await this.withChildren(session.channel, followed.categoryIds) }
    return this.listEvents(session, q, anyOf)
  }

  /** `GET /events`: filtered, sorted and paged. Upcoming and live sort soonest first; replays newest first. */
  async listEvents(
    session: Session,
    q: EventsQuery,
    anyOf?: EventFilters['anyOf'],
    ids?: number[],
  ): Promise<{ data: Event[]; meta: ListMeta }> {
    const filters = {
      ...(await this.filters(session.channel, q)),
      ...(anyOf ? { anyOf } : {}),
      ...(ids ? { ids } : {}),
    }
    const onlyReplays = q.stream_status?.length === 1 && q.stream_status[0] === 'vod'
    const sortDirection = q.sort_direction ?? (onlyReplays ? 'desc' : 'asc')
    const limit = q.no_limit === 1 ? null : q.limit
    const rows = await this.repo.listEvents(session.channel.id, filters, {
      sortField: q.sort_field,
      sortDirection,
      offset: limit === null ? 0 : q.offset,
      limit,
    })
    // The window count rides on the rows; past the last page there are none to carry it.
    const total = rows[0]
      ? Number(rows[0].total_count)
      : q.offset > 0
        ? await this.repo.countEvents(session.channel.id, filters)
        : 0
    return { data: await this.present(session, rows), meta: { total, offset: limit === null ? 0 : q.offset, limit } }
  }

  async event(session: Session, id: number): Promise<Event> {
    const row = await this.repo.findEvent(session.channel.id, id)
    if (!row) throw notFound('event')
    const [event] = await this.present(session, [row])
    return event as Event
  }

  /** `GET /events-for-homepage`: live now, next up, latest replays. */
  async forHomepage(session: Session) {
    const page = (status: 'upcoming' | 'live' | 'vod', dir: 'asc' | 'desc') =>
      this.repo.listEvents(
        session.channel.id,
        { streamStatus: [status] },
        { sortField: 'event_utc_ts', sortDirection: dir, offset: 0, limit: HOMEPAGE_RAIL },
      )
    const [live, upcoming, vod] = await Promise.all([page('live', 'asc'), page('upcoming', 'asc'), page('vod', 'desc')])
    return {
      live: await this.present(session, live),
      upcoming: await this.present(session, upcoming),
      vod: await this.present(session, vod),
    }
  }
}
