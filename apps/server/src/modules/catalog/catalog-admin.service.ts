import {
  CategoryInputSchema,
  EventInputSchema,
  GroupInputSchema,
  LocationInputSchema,
  ParticipantInputSchema,
} from '@fieldhouse/contract'
import { deletionCancels } from '../../db/calendar-entries.js'
import { invalid, notFound } from '../../lib/errors.js'
import { parseInput } from '../../lib/parse-input.js'
import type { CatalogAdminRepository } from './catalog-admin.repository.js'

/**
 * What an operator does to a channel's catalogue (service level; the operator console and its routes
 * come later). Inputs are validated with the contract's schemas; references (a team's school, an
 * event's sport, venue and teams) must belong to the same channel.
 */
export class CatalogAdminService {
  constructor(
    private readonly repo: CatalogAdminRepository,
    private readonly onChange: (channelId: number) => void | Promise<void>,
    private readonly clock: () => number = Date.now,
  ) {}

  private async mustOwn(
    table: Parameters<CatalogAdminRepository['owned']>[0],
    channelId: number,
    field: string,
    ids: (number | null | undefined)[],
  ) {
    const wanted = ids.filter((id): id is number => typeof id === 'number')
    const owned = await this.repo.owned(table, channelId, wanted)
    const missing = wanted.filter((id) => !owned.has(id))
    if (missing.length) throw invalid({ [field]: [`Unknown ${field.replace(/_id$/, '')}: ${missing.join(', ')}`] })
  }

  private changed(channelId: number) {
    return this.onChange(channelId)
  }

  /** A row added to the channel's catalogue: its id, once who caches the catalogue is told. */
  private async added(channelId: number, inserted: Promise<number>) {
    const id = await inserted
    await this.changed(channelId)
    return id
  }

  async createCategory(channelId: number, input: unknown) {
    const v = parseInput(CategoryInputSchema, input)
    await this.mustOwn('event_categories', channelId, 'parent_id', [v.parent_id])
    return this.added(channelId, this.repo.insert('event_categories', channelId, v, this.clock()))
  }

  async createLocation(channelId: number, input: unknown) {
    const v = parseInput(LocationInputSchema, input)
    return this.added(channelId, this.repo.insert('event_locations', channelId, v, this.clock()))
  }

  async createGroup(channelId: number, input: unknown) {
    const v = parseInput(GroupInputSchema, input)
    const values = { ...v, images: JSON.stringify(v.images), properties: JSON.stringify(v.properties) }
    return this.added(channelId, this.repo.insert('participant_groups', channelId, values, this.clock()))
  }

  async createParticipant(channelId: number, input: unknown) {
    const v = parseInput(ParticipantInputSchema, input)
    await this.mustOwn('participant_groups', channelId, 'group_id', [v.group_id])
    await this.mustOwn('event_categories', channelId, 'category_id', [v.category_id])
    const values = { ...v, images: JSON.stringify(v.images), properties: JSON.stringify(v.properties) }
    return this.added(channelId, this.repo.insert('participants', channelId, values, this.clock()))
  }

  /** Creates (id null) or replaces an event with its teams. */
  async saveEvent(channelId: number, id: number | null, input: unknown) {
    const v = parseInput(EventInputSchema, input)
    await this.mustOwn('event_categories', channelId, 'event_category_id', [v.event_category_id])
    await this.mustOwn('event_locations', channelId, 'location_id', [v.location_id])
    await this.mustOwn(
      'participants',
      channelId,
      'participant_id',
      v.participants.map((p) => p.participant_id),
    )
    const now = this.clock()
    const { participants, geo_rules, event_utc_ts, ...rest } = v
    const saved = await this.repo.saveEvent(
      channelId,
      id,
      {
        ...rest,
        event_utc_ts: Date.parse(event_utc_ts),
        geo_rules: JSON.stringify(geo_rules),
        created_at: now,
        updated_at: now,
      },
      participants,
      now,
    )
    if (saved === null) throw notFound('event')
    await this.changed(channelId)
    return saved
  }

  /** Upcoming → live → replay, as the broadcast goes. */
  async setStreamStatus(channelId: number, id: number, status: 'upcoming' | 'live' | 'vod') {
    if (!(await this.repo.setStreamStatus(channelId, id, status, this.clock()))) throw notFound('event')
    await this.changed(channelId)
  }

  async delete(channelId: number, table: Parameters<CatalogAdminRepository['delete']>[0], id: number) {
    if (table === 'events') return this.deleteEvent(channelId, id)
    if (!(await this.repo.delete(table, channelId, id, this.clock()))) throw notFound(table)
    await this.changed(channelId)
  }

  /** A game deleted before it was played is a cancelled game: calendars that hold it say so (decision 0055). */
  private async deleteEvent(channelId: number, id: number) {
    const now = this.clock()
    const ev = await this.repo.findEvent(channelId, id)
    if (!ev) throw notFound('events')
    if (!(await this.repo.deleteEvent(channelId, id, now, deletionCancels(ev, now)))) throw notFound('events')
    await this.changed(channelId)
  }
}
