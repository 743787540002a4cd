import type { consoleEn } from '../../lib/i18n/resources/console.en'
import { choice, field, options, reference, requiredText } from './field-builders'
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
const accessModes = options('free', 'register', 'paid', 'ppv')
const libraryAccessModes: readonly Option[] = accessModes.filter((mode) => mode.value !== 'ppv')
const streamStatuses = options('upcoming', 'live', 'vod')
const placements = options('header', 'footer', 'both')
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

/** The fields many resources share. */
const nameField = requiredText('name', 'fields.name')
const titleField = requiredText('title', 'fields.title')
const aliasField = requiredText('alias', 'fields.alias', 'fields.aliasHint')
const positionField = field('position', 'fields.position', 'number')
const imageField = field('image', 'fields.image', 'image')
const imagesField = field('images', 'fields.images', 'images')
const descriptionField = field('description', 'fields.description', 'textarea')
const timeZoneField = field('time_zone', 'fields.timeZone', 'timezone', { required: true, initial: 'UTC' })
const accessModeField = (options: readonly Option[]) => choice('access_mode', 'fields.accessMode', options, 'free')

/** A column the server sorts by. */
const sortable = (
  key: string,
  header: ConsoleKey,
  more: Pick<ColumnConfig, 'format' | 'zoneKey'> = {},
): ColumnConfig & { header: ConsoleKey } => ({ key, header, sortable: true, ...more })
const nameColumn = sortable('name', 'fields.name')
const titleColumn = sortable('title', 'fields.title')
/** How many viewers follow a team, school or sport (keep it as a favourite). */
const followersColumn: ColumnConfig & { header: ConsoleKey } = { key: 'followers', header: 'fields.followers' }

export const resourceConfigs: Readonly<Record<string, ResourceConfig>> = {
  'events-categories': {
    resource: 'events-categories',
    words: 'sports',
    defaultSort: 'name',
    columns: [
      nameColumn,
      sortable('alias', 'fields.alias'),
      { key: 'parent_id', header: 'fields.divisionOf', format: 'reference', resource: 'events-categories' },
      followersColumn,
    ],
    fields: [
      nameField,
      aliasField,
      field('parent_id', 'fields.divisionOf', 'reference', {
        resource: 'events-categories',
        hint: 'fields.divisionHint',
      }),
      positionField,
    ],
  },
  'events-locations': {
    resource: 'events-locations',
    words: 'venues',
    defaultSort: 'name',
    columns: [
      nameColumn,
      sortable('city', 'fields.city'),
      sortable('state', 'fields.state'),
      { key: 'time_zone', header: 'fields.timeZone' },
    ],
    fields: [
      nameField,
      requiredText('city', 'fields.city'),
      requiredText('state', 'fields.state'),
      { name: 'address', label: 'fields.address', kind: 'text' },
      timeZoneField,
    ],
  },
  'participant-groups': {
    resource: 'participant-groups',
    words: 'schools',
    defaultSort: 'name',
    columns: [
      nameColumn,
      { key: 'short_name', header: 'fields.shortName' },
      { key: 'alias', header: 'fields.alias' },
      followersColumn,
    ],
    fields: [nameField, requiredText('short_name', 'fields.shortName'), aliasField, imagesField, positionField],
  },
  participants: {
    resource: 'participants',
    words: 'teams',
    defaultSort: 'name',
    columns: [
      nameColumn,
      sortable('short_name', 'fields.shortName'),
      { key: 'gender', header: 'fields.gender' },
      { key: 'color', header: 'fields.colour', format: 'color' },
      followersColumn,
    ],
    fields: [
      nameField,
      requiredText('short_name', 'fields.shortName'),
      aliasField,
      reference('group_id', 'fields.school', 'participant-groups'),
      reference('category_id', 'fields.sport', 'events-categories'),
      { name: 'gender', label: 'fields.gender', kind: 'select', options: genders },
      { name: 'color', label: 'fields.colour', kind: 'color' },
      imagesField,
    ],
  },
  events: {
    resource: 'events',
    words: 'events',
    defaultSort: 'event_utc_ts',
    columns: [
      nameColumn,
      sortable('event_utc_ts', 'fields.starts', { format: 'date', zoneKey: 'time_zone' }),
      { key: 'access_mode', header: 'fields.access' },
      { key: 'base_price', header: 'fields.price', format: 'money' },
      { key: 'stream_status', header: 'fields.status' },
    ],
    fields: [
      nameField,
      {
        name: 'participants',
        label: 'fields.teams',
        kind: 'participants',
        resource: 'participants',
        hint: 'fields.teamsHint',
      },
      reference('event_category_id', 'fields.sport', 'events-categories'),
      reference('location_id', 'fields.venue', 'events-locations'),
      timeZoneField,
      { name: 'event_utc_ts', label: 'fields.startsAt', kind: 'datetime', zoneField: 'time_zone' },
      accessModeField(accessModes),
      { name: 'base_price', label: 'fields.price', kind: 'money', hint: 'fields.priceHint' },
      { name: 'service_fee', label: 'fields.serviceFee', kind: 'money' },
      choice('stream_status', 'fields.status', streamStatuses, 'upcoming'),
      descriptionField,
    ],
  },
  'vod-media-items': {
    resource: 'vod-media-items',
    words: 'vod',
    defaultSort: 'date',
    titleKey: 'title',
    columns: [
      titleColumn,
      sortable('date', 'fields.date', { format: 'date' }),
      { key: 'access_mode', header: 'fields.access' },
    ],
    fields: [
      titleField,
      { name: 'date', label: 'fields.date', kind: 'date', required: true },
      accessModeField(libraryAccessModes),
      reference('category_id', 'fields.category', 'vod-categories'),
      reference('rail_ids', 'fields.rails', 'vod-rails', 'references'),
      descriptionField,
    ],
  },
  'vod-categories': {
    resource: 'vod-categories',
    words: 'vodCategories',
    defaultSort: 'name',
    columns: [nameColumn, { key: 'alias', header: 'fields.alias' }, sortable('position', 'fields.position')],
    fields: [nameField, aliasField, positionField],
  },
  'vod-rails': {
    resource: 'vod-rails',
    words: 'vodRails',
    defaultSort: 'position',
    titleKey: 'title',
    columns: [titleColumn, sortable('position', 'fields.position')],
    fields: [titleField, positionField],
  },
  menu: {
    resource: 'menu',
    words: 'menu',
    defaultSort: 'position',
    columns: [nameColumn, { key: 'placement', header: 'fields.placement' }, { key: 'url', header: 'fields.link' }],
    fields: [
      nameField,
      choice('placement', 'fields.placement', placements, 'header'),
      choice('menuable_type', 'fields.pointsAt', menuTargets, 'link'),
      requiredText('url', 'fields.link', 'fields.linkHint'),
      field('menuable_id', 'fields.menuableId', 'number', { hint: 'fields.menuableHint' }),
      imageField,
      positionField,
    ],
  },
  slides: {
    resource: 'slides',
    words: 'slides',
    defaultSort: 'position',
    titleKey: 'title',
    columns: [titleColumn, { key: 'slidable_type', header: 'fields.shownOn' }],
    fields: [
      titleField,
      { name: 'subtitle', label: 'fields.subtitle', kind: 'text' },
      choice('slidable_type', 'fields.shownOn', slidableTypes, 'main'),
      { name: 'slidable_id', label: 'fields.slidableId', kind: 'number' },
      imageField,
      { name: 'link', label: 'fields.link', kind: 'text' },
      positionField,
    ],
  },
  pages: {
    resource: 'pages',
    words: 'pages',
    defaultSort: 'name',
    columns: [nameColumn, sortable('url', 'fields.address')],
    fields: [
      nameField,
      { name: 'alt_name', label: 'fields.altName', kind: 'text', emptyAs: '' },
      requiredText('url', 'fields.address', 'fields.pageAddressHint'),
      { name: 'content', label: 'fields.content', kind: 'textarea', emptyAs: '', hint: 'fields.contentHint' },
      positionField,
    ],
  },
  faq: {
    resource: 'faq',
    words: 'faq',
    defaultSort: 'position',
    titleKey: 'question',
    columns: [sortable('question', 'fields.question')],
    fields: [
      requiredText('question', 'fields.question'),
      { name: 'answer', label: 'fields.answer', kind: 'textarea', required: true },
      positionField,
    ],
  },
  'static-blocks': {
    resource: 'static-blocks',
    words: 'staticBlocks',
    defaultSort: 'alias',
    titleKey: 'alias',
    columns: [sortable('alias', 'fields.alias'), { key: 'title', header: 'fields.title' }],
    fields: [
      requiredText('alias', 'fields.alias', 'fields.staticAliasHint'),
      { name: 'title', label: 'fields.title', kind: 'text', emptyAs: '' },
      { name: 'content', label: 'fields.content', kind: 'textarea', emptyAs: '' },
      positionField,
    ],
  },
  prerolls: {
    resource: 'prerolls',
    words: 'prerolls',
    defaultSort: 'weight',
    titleKey: 'url',
    columns: [
      { key: 'url', header: 'fields.video' },
      sortable('weight', 'fields.weight'),
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
      reference('event_categories', 'fields.sports', 'events-categories', 'references'),
      reference('location_id', 'fields.venue', 'events-locations'),
      { name: 'for_live', label: 'fields.beforeLive', kind: 'checkbox', initial: true },
      { name: 'for_vod', label: 'fields.beforeVod', kind: 'checkbox', initial: true },
    ],
  },
}
