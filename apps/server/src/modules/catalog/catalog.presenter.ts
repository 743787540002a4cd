import {
  type Event,
  type EventCategory,
  type EventLocation,
  type EventScore,
  fromMinor,
  type Participant,
  type ParticipantGroup,
} from '@fieldhouse/contract'
import type { EventRow, EventTable } from '../../db/schema.js'
import { parseJson } from '../../lib/json.js'

export { parseJson }

type CategoryRow = { id: number; parent_id: number | null; name: string; alias: string }

/** Categories as a tree: top-level sports with their children. */
export function presentCategoryTree(rows: CategoryRow[]): EventCategory[] {
  const byParent = new Map<number | null, CategoryRow[]>()
  for (const r of rows) byParent.set(r.parent_id, [...(byParent.get(r.parent_id) ?? []), r])
  const build = (parent: number | null): EventCategory[] =>
    (byParent.get(parent) ?? []).map((r) => ({ ...r, children: build(r.id) }))
  return build(null)
}

export const presentLocation = (r: EventLocation): EventLocation => r

export const presentGroup = (r: {
  id: number
  name: string
  short_name: string
  alias: string
  images: string
  properties: string
}): ParticipantGroup => ({
  id: r.id,
  name: r.name,
  short_name: r.short_name,
  alias: r.alias,
  images: parseJson<string[]>(r.images, []),
  properties: parseJson<Record<string, string>>(r.properties, {}),
})

export interface ParticipantRow {
  id: number
  name: string
  short_name: string
  alias: string
  images: string
  color: string | null
  group_id: number | null
  category_id: number | null
  gender: string | null
  properties: string
}

export const presentParticipant = (r: ParticipantRow, sport: string | null): Participant => ({
  id: r.id,
  name: r.name,
  short_name: r.short_name,
  alias: r.alias,
  images: parseJson<string[]>(r.images, []),
  color: r.color,
  participant_group_id: r.group_id,
  event_category_id: r.category_id,
  properties: {
    ...parseJson<Record<string, string>>(r.properties, {}),
    ...(r.gender ? { gender: r.gender } : {}),
    ...(sport ? { sport } : {}),
  },
})

export interface EventContext {
  currency: string
  categories: Map<number, CategoryRow>
  /** The sport (top-level category alias) of each category. */
  sportOf: (categoryId: number | null) => string | null
  locations: Map<number, EventLocation>
  participants: Map<number, (Participant & { side: 'home' | 'away' })[]>
  /** The score now of the events whose game is live or final (decision 0057). */
  scores: Map<number, EventScore>
  hasAccess: (row: {
    access_mode: EventTable['access_mode']
    geo_rules: string
    id: number
    category_ids: number[]
    participant_ids: number[]
  }) => boolean
  isGeoBlocked: (row: { access_mode: EventTable['access_mode']; geo_rules: string }) => boolean
}

export function presentEvent(row: EventRow, ctx: EventContext): Event {
  const category = row.event_category_id !== null ? ctx.categories.get(row.event_category_id) : undefined
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.access_mode,
    has_access: ctx.hasAccess({
      ...row,
      category_ids: category ? [category.id, ...(category.parent_id !== null ? [category.parent_id] : [])] : [],
      participant_ids: (ctx.participants.get(row.id) ?? []).map((p) => p.id),
    }),
    is_geo_blocked: ctx.isGeoBlocked(row),
    event_utc_ts: new Date(row.event_utc_ts).toISOString(),
    time_zone: row.time_zone,
    event_category_id: row.event_category_id,
    location_id: row.location_id,
    stream_status: row.stream_status,
    base_price: fromMinor(row.base_price),
    service_fee: fromMinor(row.service_fee),
    currency: ctx.currency,
    participants: ctx.participants.get(row.id) ?? [],
    category: category ? { id: category.id, name: category.name, alias: category.alias } : null,
    location: row.location_id !== null ? (ctx.locations.get(row.location_id) ?? null) : null,
    score: ctx.scores.get(row.id) ?? null,
  }
}
