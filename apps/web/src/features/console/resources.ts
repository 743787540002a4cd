import type { consoleEn } from '../../lib/i18n/resources/console.en'
import type { FieldConfig, Option } from './fields'
import type { ConsoleKey } from './words'

/** A list column: the record's key, its header, whether the server sorts by it, how it reads. */
export interface ColumnConfig {
  key: string
  header: string
  sortable?: boolean
  format?: 'date' | 'money' | 'boolean' | 'color' | 'list' | 'reference'
  /** `reference`: the admin resource whose row's name is shown. */
  resource?: string
  /** `date`: the row's field naming the zone the time is shown in (an event's venue); else the channel's. */
  zoneKey?: string
}

/** One resource drawn by the generic list and form. */
export interface ResourceConfig {
  resource: string
  /** Its headings, buttons and notices ("New sport", "Sport saved."): `console.resources.{words}`. */
  words: keyof typeof consoleEn.resources
  /** The columns; each header a key of the console's words. */
  columns: readonly (ColumnConfig & { header: ConsoleKey })[]
  fields: readonly FieldConfig[]
  /** The column a new list is sorted by. */
  defaultSort?: string
  /** A row's name in the delete confirmation and the edit heading. */
  titleKey?: string
}

const genders: readonly Option[] = [
  { value: 'M', label: 'options.men' },
  { value: 'W', label: 'options.women' },
]
const accessModes: readonly Option[] = [
  { value: 'free', label: 'options.free' },
  { value: 'register', label: 'options.register' },
  { value: 'paid', label: 'options.paid' },
  { value: 'ppv', label: 'options.ppv' },
]
const libraryAccessModes: readonly Option[] = accessModes.filter((mode) => mode.value !== 'ppv')
const streamStatuses: readonly Option[] = [
  { value: 'upcoming', label: 'options.upcoming' },
  { value: 'live', label: 'options.live' },
  { value: 'vod', label: 'options.vod' },
]
const placements: readonly Option[] = [
  { value: 'header', label: 'options.header' },
  { value: 'footer', label: 'options.footer' },
  { value: 'both', label: 'options.both' },
]
const menuTargets: readonly Option[] = [
  { value: 'link', label: 'options.aLink' },
  { value: 'group', label: 'options.aSchool' },
  { value: 'participant', label: 'options.aTeam' },
]
const slidableTypes: readonly Option[] = [
  { value: 'main', label: 'options.homePage' },
  { value: 'category', label: 'options.aSport' },
  { value: 'participant', label: 'options.aTeam' },
  { value: 'group', label: 'options.aSchool' },
]

export const resourceConfigs: Readonly<Record<string, ResourceConfig>> = {
  'events-categories': {
    resource: 'events-categories',
    words: 'sports',
    defaultSort: 'name',
    columns: [
      { key: 'name', header: 'fields.name', sortable: true },
      { key: 'alias', header: 'fields.alias', sortable: true },
      { key: 'parent_id', header: 'fields.divisionOf', format: 'reference', resource: 'events-categories' },
    ],
    fields: [
      { name: 'name', label: 'fields.name', kind: 'text', required: true },
      { name: 'alias', label: 'fields.alias', kind: 'text', required: true, hint: 'fields.aliasHint' },
      {
        name: 'parent_id',
        label: 'fields.divisionOf',
        kind: 'reference',
        resource: 'events-categories',
        hint: 'fields.divisionHint',
      },
      { name: 'position', label: 'fields.position', kind: 'number' },
    ],
  },
  'events-locations': {
    resource: 'events-locations',
    words: 'venues',
    defaultSort: 'name',
    columns: [
      { key: 'name', header: 'fields.name', sortable: true },
      { key: 'city', header: 'fields.city', sortable: true },
      { key: 'state', header: 'fields.state', sortable: true },
      { key: 'time_zone', header: 'fields.timeZone' },
    ],
    fields: [
      { name: 'name', label: 'fields.name', kind: 'text', required: true },
      { name: 'city', label: 'fields.city', kind: 'text', required: true },
      { name: 'state', label: 'fields.state', kind: 'text', required: true },
      { name: 'address', label: 'fields.address', kind: 'text' },
      { name: 'time_zone', label: 'fields.timeZone', kind: 'timezone', required: true, initial: 'UTC' },
    ],
  },
  'participant-groups': {
    resource: 'participant-groups',
    words: 'schools',
    defaultSort: 'name',
    columns: [
      { key: 'name', header: 'fields.name', sortable: true },
      { key: 'short_name', header: 'fields.shortName' },
      { key: 'alias', header: 'fields.alias' },
    ],
    fields: [
      { name: 'name', label: 'fields.name', kind: 'text', required: true },
      { name: 'short_name', label: 'fields.shortName', kind: 'text', required: true },
      { name: 'alias', label: 'fields.alias', kind: 'text', required: true, hint: 'fields.aliasHint' },
      { name: 'images', label: 'fields.images', kind: 'images' },
      { name: 'position', label: 'fields.position', kind: 'number' },
    ],
  },
  participants: {
    resource: 'participants',
    words: 'teams',
    defaultSort: 'name',
    columns: [
      { key: 'name', header: 'fields.name', sortable: true },
      { key: 'short_name', header: 'fields.shortName', sortable: true },
      { key: 'gender', header: 'fields.gender' },
      { key: 'color', header: 'fields.colour', format: 'color' },
    ],
    fields: [
      { name: 'name', label: 'fields.name', kind: 'text', required: true },
      { name: 'short_name', label: 'fields.shortName', kind: 'text', required: true },
      { name: 'alias', label: 'fields.alias', kind: 'text', required: true, hint: 'fields.aliasHint' },
      { name: 'group_id', label: 'fields.school', kind: 'reference', resource: 'participant-groups' },
      { name: 'category_id', label: 'fields.sport', kind: 'reference', resource: 'events-categories' },
      { name: 'gender', label: 'fields.gender', kind: 'select', options: genders },
      { name: 'color', label: 'fields.colour', kind: 'color' },
      { name: 'images', label: 'fields.images', kind: 'images' },
    ],
  },
  events: {
    resource: 'events',
    words: 'events',
    defaultSort: 'event_utc_ts',
    columns: [
      { key: 'name', header: 'fields.name', sortable: true },
      { key: 'event_utc_ts', header: 'fields.starts', sortable: true, format: 'date', zoneKey: 'time_zone' },
      { key: 'access_mode', header: 'fields.access' },
      { key: 'base_price', header: 'fields.price', format: 'money' },
      { key: 'stream_status', header: 'fields.status' },
    ],
    fields: [
      { name: 'name', label: 'fields.name', kind: 'text', required: true },
      {
        name: 'participants',
        label: 'fields.teams',
        kind: 'participants',
        resource: 'participants',
        hint: 'fields.teamsHint',
      },
      { name: 'event_category_id', label: 'fields.sport', kind: 'reference', resource: 'events-categories' },
      { name: 'location_id', label: 'fields.venue', kind: 'reference', resource: 'events-locations' },
      { name: 'time_zone', label: 'fields.timeZone', kind: 'timezone', required: true, initial: 'UTC' },
      { name: 'event_utc_ts', label: 'fields.startsAt', kind: 'datetime', zoneField: 'time_zone' },
      {
        name: 'access_mode',
        label: 'fields.accessMode',
        kind: 'select',
        options: accessModes,
        required: true,
        initial: 'free',
      },
      { name: 'base_price', label: 'fields.price', kind: 'money', hint: 'fields.priceHint' },
      { name: 'service_fee', label: 'fields.serviceFee', kind: 'money' },
      {
        name: 'stream_status',
        label: 'fields.status',
        kind: 'select',
        options: streamStatuses,
        required: true,
        initial: 'upcoming',
      },
      { name: 'description', label: 'fields.description', kind: 'textarea' },
    ],
  },
  'vod-media-items': {
    resource: 'vod-media-items',
    words: 'vod',
    defaultSort: 'date',
    titleKey: 'title',
    columns: [
      { key: 'title', header: 'fields.title', sortable: true },
      { key: 'date', header: 'fields.date', sortable: true, format: 'date' },
      { key: 'access_mode', header: 'fields.access' },
    ],
    fields: [
      { name: 'title', label: 'fields.title', kind: 'text', required: true },
      { name: 'date', label: 'fields.date', kind: 'date', required: true },
      {
        name: 'access_mode',
        label: 'fields.accessMode',
        kind: 'select',
        options: libraryAccessModes,
        required: true,
        initial: 'free',
      },
      { name: 'category_id', label: 'fields.category', kind: 'reference', resource: 'vod-categories' },
      { name: 'rail_ids', label: 'fields.rails', kind: 'references', resource: 'vod-rails' },
      { name: 'description', label: 'fields.description', kind: 'textarea' },
    ],
  },
  'vod-categories': {
    resource: 'vod-categories',
    words: 'vodCategories',
    defaultSort: 'name',
    columns: [
      { key: 'name', header: 'fields.name', sortable: true },
      { key: 'alias', header: 'fields.alias' },
      { key: 'position', header: 'fields.position', sortable: true },
    ],
    fields: [
      { name: 'name', label: 'fields.name', kind: 'text', required: true },
      { name: 'alias', label: 'fields.alias', kind: 'text', required: true, hint: 'fields.aliasHint' },
      { name: 'position', label: 'fields.position', kind: 'number' },
    ],
  },
  'vod-rails': {
    resource: 'vod-rails',
    words: 'vodRails',
    defaultSort: 'position',
    titleKey: 'title',
    columns: [
      { key: 'title', header: 'fields.title', sortable: true },
      { key: 'position', header: 'fields.position', sortable: true },
    ],
    fields: [
      { name: 'title', label: 'fields.title', kind: 'text', required: true },
      { name: 'position', label: 'fields.position', kind: 'number' },
    ],
  },
  menu: {
    resource: 'menu',
    words: 'menu',
    defaultSort: 'position',
    columns: [
      { key: 'name', header: 'fields.name', sortable: true },
      { key: 'placement', header: 'fields.placement' },
      { key: 'url', header: 'fields.link' },
    ],
    fields: [
      { name: 'name', label: 'fields.name', kind: 'text', required: true },
      {
        name: 'placement',
        label: 'fields.placement',
        kind: 'select',
        options: placements,
        required: true,
        initial: 'header',
      },
      {
        name: 'menuable_type',
        label: 'fields.pointsAt',
        kind: 'select',
        options: menuTargets,
        required: true,
        initial: 'link',
      },
      {
        name: 'url',
        label: 'fields.link',
        kind: 'text',
        required: true,
        hint: 'fields.linkHint',
      },
      {
        name: 'menuable_id',
        label: 'fields.menuableId',
        kind: 'number',
        hint: 'fields.menuableHint',
      },
      { name: 'image', label: 'fields.image', kind: 'image' },
      { name: 'position', label: 'fields.position', kind: 'number' },
    ],
  },
  slides: {
    resource: 'slides',
    words: 'slides',
    defaultSort: 'position',
    titleKey: 'title',
    columns: [
      { key: 'title', header: 'fields.title', sortable: true },
      { key: 'slidable_type', header: 'fields.shownOn' },
    ],
    fields: [
      { name: 'title', label: 'fields.title', kind: 'text', required: true },
      { name: 'subtitle', label: 'fields.subtitle', kind: 'text' },
      {
        name: 'slidable_type',
        label: 'fields.shownOn',
        kind: 'select',
        options: slidableTypes,
        required: true,
        initial: 'main',
      },
      { name: 'slidable_id', label: 'fields.slidableId', kind: 'number' },
      { name: 'image', label: 'fields.image', kind: 'image' },
      { name: 'link', label: 'fields.link', kind: 'text' },
      { name: 'position', label: 'fields.position', kind: 'number' },
    ],
  },
  pages: {
    resource: 'pages',
    words: 'pages',
    defaultSort: 'name',
    columns: [
      { key: 'name', header: 'fields.name', sortable: true },
      { key: 'url', header: 'fields.address', sortable: true },
    ],
    fields: [
      { name: 'name', label: 'fields.name', kind: 'text', required: true },
      { name: 'alt_name', label: 'fields.altName', kind: 'text', emptyAs: '' },
      {
        name: 'url',
        label: 'fields.address',
        kind: 'text',
        required: true,
        hint: 'fields.pageAddressHint',
      },
      { name: 'content', label: 'fields.content', kind: 'textarea', emptyAs: '', hint: 'fields.contentHint' },
      { name: 'position', label: 'fields.position', kind: 'number' },
    ],
  },
  faq: {
    resource: 'faq',
    words: 'faq',
    defaultSort: 'position',
    titleKey: 'question',
    columns: [{ key: 'question', header: 'fields.question', sortable: true }],
    fields: [
      { name: 'question', label: 'fields.question', kind: 'text', required: true },
      { name: 'answer', label: 'fields.answer', kind: 'textarea', required: true },
      { name: 'position', label: 'fields.position', kind: 'number' },
    ],
  },
  'static-blocks': {
    resource: 'static-blocks',
    words: 'staticBlocks',
    defaultSort: 'alias',
    titleKey: 'alias',
    columns: [
      { key: 'alias', header: 'fields.alias', sortable: true },
      { key: 'title', header: 'fields.title' },
    ],
    fields: [
      { name: 'alias', label: 'fields.alias', kind: 'text', required: true, hint: 'fields.staticAliasHint' },
      { name: 'title', label: 'fields.title', kind: 'text', emptyAs: '' },
      { name: 'content', label: 'fields.content', kind: 'textarea', emptyAs: '' },
      { name: 'position', label: 'fields.position', kind: 'number' },
    ],
  },
  prerolls: {
    resource: 'prerolls',
    words: 'prerolls',
    defaultSort: 'weight',
    titleKey: 'url',
    columns: [
      { key: 'url', header: 'fields.video' },
      { key: 'weight', header: 'fields.weight', sortable: true },
      { key: 'for_live', header: 'fields.live', format: 'boolean' },
      { key: 'for_vod', header: 'fields.vod', format: 'boolean' },
    ],
    fields: [
      {
        name: 'url',
        label: 'fields.videoAddress',
        kind: 'text',
        emptyAs: '',
        hint: 'fields.videoAddressHint',
      },
      { name: 'weight', label: 'fields.weight', kind: 'number', hint: 'fields.weightHint' },
      { name: 'event_categories', label: 'fields.sports', kind: 'references', resource: 'events-categories' },
      { name: 'location_id', label: 'fields.venue', kind: 'reference', resource: 'events-locations' },
      { name: 'for_live', label: 'fields.beforeLive', kind: 'checkbox', initial: true },
      { name: 'for_vod', label: 'fields.beforeVod', kind: 'checkbox', initial: true },
    ],
  },
}
