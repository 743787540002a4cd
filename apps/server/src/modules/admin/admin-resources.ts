import type { AdminCollection } from '@fieldhouse/contract'
import type { AdminTable, Extras } from './admin.repository.js'

/**
 * How each console collection maps onto its table: what a list searches and sorts by, which ids must
 * belong to the channel, and how input becomes columns and columns become the answer.
 */
export interface CollectionDef {
  table: AdminTable
  search: string[]
  /** Sortable answer fields; the first is the default. */
  sort: string[]
  /** Fields naming another row of the channel, and that row's table. */
  refs: Record<string, AdminTable>
  /** The column whose value must be unique in the channel, when there is one. */
  unique?: string
  /** Columns from (validated) input; only the fields present. `creating` adds what a new row needs. */
  toRow(
    input: Record<string, unknown>,
    now: number,
    creating: boolean,
  ): { values: Record<string, unknown>; extras: Extras }
  present(row: Record<string, unknown>): Record<string, unknown>
}

const parse = (v: unknown, fallback: unknown) => {
  if (typeof v !== 'string') return v ?? fallback
  try {
    return JSON.parse(v)
  } catch {
    return fallback
  }
}
const has = (o: Record<string, unknown>, k: string) => Object.hasOwn(o, k)
/** Copies the input, turning the named fields into JSON text. */
const jsonFields =
  (...fields: string[]) =>
  (input: Record<string, unknown>) => {
    const out: Record<string, unknown> = { ...input }
    for (const f of fields) if (has(out, f)) out[f] = JSON.stringify(out[f])
    return out
  }
const strip = (row: Record<string, unknown>) => {
  const { channel_id: _c, stream_key: _s, created_at: _a, updated_at: _u, client_interface: _i, ...rest } = row
  return rest
}
const plain = (): Pick<CollectionDef, 'toRow' | 'present'> => ({
  toRow: (input) => ({ values: { ...input }, extras: {} }),
  present: strip,
})

export const collections: Record<AdminCollection, CollectionDef> = {
  menu: {
    table: 'menu_items',
    search: ['name', 'url'],
    sort: ['position', 'name', 'id'],
    refs: {},
    toRow: (input) => ({ values: jsonFields('images')(input), extras: {} }),
    present: (row) => ({ ...strip(row), images: parse(row.images, []) }),
  },
  slides: {
    table: 'slides',
    search: ['title', 'subtitle'],
    sort: ['position', 'title', 'id'],
    refs: {},
    toRow: (input, _now, creating) => ({
      values: creating ? { ...input, client_interface: 'web' } : { ...input },
      extras: {},
    }),
    present: strip,
  },
  pages: {
    table: 'pages',
    search: ['name', 'url'],
    sort: ['position', 'name', 'url', 'id'],
    refs: {},
    unique: 'url',
    ...plain(),
  },
  faq: { table: 'faqs', search: ['question', 'answer'], sort: ['position', 'question', 'id'], refs: {}, ...plain() },
  'static-blocks': {
    table: 'static_blocks',
    search: ['alias', 'title'],
    sort: ['position', 'alias', 'title', 'id'],
    refs: {},
    unique: 'alias',
    ...plain(),
  },
  prerolls: {
    table: 'prerolls',
    search: ['url'],
    sort: ['weight', 'id'],
    refs: { location_id: 'event_locations', event_categories: 'event_categories' },
    toRow: (input, now, creating) => {
      const values = jsonFields('event_categories')(input)
      if (has(values, 'for_vod')) values.for_vod = values.for_vod ? 1 : 0
      if (has(values, 'for_live')) values.for_live = values.for_live ? 1 : 0
      if (creating) values.created_at = now
      return { values, extras: {} }
    },
    present: (row) => ({
      ...strip(row),
      event_categories: parse(row.event_categories, []),
      for_vod: Boolean(row.for_vod),
      for_live: Boolean(row.for_live),
    }),
  },
  events: {
    table: 'events',
    search: ['name', 'description'],
    sort: ['event_utc_ts', 'name', 'id'],
    refs: { event_category_id: 'event_categories', location_id: 'event_locations', participants: 'participants' },
    toRow: (input, now, creating) => {
      const { participants, ...rest } = input as { participants?: Extras['participants'] } & Record<string, unknown>
      const values = jsonFields('geo_rules')(rest)
      if (typeof values.event_utc_ts === 'string') values.event_utc_ts = Date.parse(values.event_utc_ts)
      values.updated_at = now
      if (creating) values.created_at = now
      return { values, extras: participants ? { participants } : {} }
    },
    present: (row) => ({
      ...strip(row),
      event_utc_ts: new Date(Number(row.event_utc_ts)).toISOString(),
      geo_rules: parse(row.geo_rules, {}),
      participants: row.participants ?? [],
    }),
  },
  participants: {
    table: 'participants',
    search: ['name', 'short_name', 'alias'],
    sort: ['name', 'short_name', 'id'],
    refs: { group_id: 'participant_groups', category_id: 'event_categories' },
    unique: 'alias',
    toRow: (input) => ({ values: jsonFields('images', 'properties')(input), extras: {} }),
    present: (row) => ({ ...strip(row), images: parse(row.images, []), properties: parse(row.properties, {}) }),
  },
  'participant-groups': {
    table: 'participant_groups',
    search: ['name', 'short_name', 'alias'],
    sort: ['position', 'name', 'id'],
    refs: {},
    unique: 'alias',
    toRow: (input) => ({ values: jsonFields('images', 'properties')(input), extras: {} }),
    present: (row) => ({ ...strip(row), images: parse(row.images, []), properties: parse(row.properties, {}) }),
  },
  'events-categories': {
    table: 'event_categories',
    search: ['name', 'alias'],
    sort: ['position', 'name', 'id'],
    refs: { parent_id: 'event_categories' },
    unique: 'alias',
    ...plain(),
  },
  'events-locations': {
    table: 'event_locations',
    search: ['name', 'city', 'state'],
    sort: ['name', 'city', 'state', 'id'],
    refs: {},
    ...plain(),
  },
  'vod-media-items': {
    table: 'vod_items',
    search: ['title', 'description'],
    sort: ['date', 'title', 'id'],
    refs: { category_id: 'vod_categories', rail_ids: 'vod_rails' },
    toRow: (input, _now, creating) => {
      const { rail_ids, ...values } = input as { rail_ids?: number[] } & Record<string, unknown>
      if (typeof values.date === 'string') values.date = Date.parse(values.date)
      if (creating) Object.assign(values, { duration: 0, assets: '[]' })
      return { values, extras: rail_ids ? { rail_ids } : {} }
    },
    present: (row) => {
      const { assets: _a, ...rest } = strip(row)
      return { ...rest, date: new Date(Number(row.date)).toISOString(), rail_ids: row.rail_ids ?? [] }
    },
  },
  'vod-categories': {
    table: 'vod_categories',
    search: ['name', 'alias'],
    sort: ['position', 'name', 'id'],
    refs: {},
    ...plain(),
  },
  'vod-rails': { table: 'vod_rails', search: ['title'], sort: ['position', 'title', 'id'], refs: {}, ...plain() },
}
