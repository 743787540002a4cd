import type { FieldConfig, Option } from './fields'

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
  /** "sport", "team": used in headings and buttons ("New sport", "Edit team"). */
  singular: string
  plural: string
  columns: readonly ColumnConfig[]
  fields: readonly FieldConfig[]
  /** The column a new list is sorted by. */
  defaultSort?: string
  /** A row's name in the delete confirmation and the edit heading. */
  titleKey?: string
}

const genders: readonly Option[] = [
  { value: 'M', label: 'Men' },
  { value: 'W', label: 'Women' },
]
const accessModes: readonly Option[] = [
  { value: 'free', label: 'Free' },
  { value: 'register', label: 'Registered viewers' },
  { value: 'paid', label: 'Paid (passes)' },
  { value: 'ppv', label: 'Pay-per-view' },
]
const libraryAccessModes: readonly Option[] = accessModes.filter((mode) => mode.value !== 'ppv')
const streamStatuses: readonly Option[] = [
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'live', label: 'Live' },
  { value: 'vod', label: 'On demand' },
]
const placements: readonly Option[] = [
  { value: 'header', label: 'Header' },
  { value: 'footer', label: 'Footer' },
  { value: 'both', label: 'Header and footer' },
]
const menuTargets: readonly Option[] = [
  { value: 'link', label: 'A link' },
  { value: 'group', label: 'A school' },
  { value: 'participant', label: 'A team' },
]
const slidableTypes: readonly Option[] = [
  { value: 'main', label: 'Home page' },
  { value: 'category', label: 'A sport' },
  { value: 'participant', label: 'A team' },
  { value: 'group', label: 'A school' },
]

const aliasHint = 'Lower-case letters, digits and -; used in links.'

export const resourceConfigs: Readonly<Record<string, ResourceConfig>> = {
  'events-categories': {
    resource: 'events-categories',
    singular: 'sport',
    plural: 'Sports',
    defaultSort: 'name',
    columns: [
      { key: 'name', header: 'Name', sortable: true },
      { key: 'alias', header: 'Alias', sortable: true },
      { key: 'parent_id', header: 'Division of', format: 'reference', resource: 'events-categories' },
    ],
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true },
      { name: 'alias', label: 'Alias', kind: 'text', required: true, hint: aliasHint },
      {
        name: 'parent_id',
        label: 'Division of',
        kind: 'reference',
        resource: 'events-categories',
        hint: 'Leave empty for a sport; choose a sport to make this one of its divisions.',
      },
      { name: 'position', label: 'Position', kind: 'number' },
    ],
  },
  'events-locations': {
    resource: 'events-locations',
    singular: 'venue',
    plural: 'Venues',
    defaultSort: 'name',
    columns: [
      { key: 'name', header: 'Name', sortable: true },
      { key: 'city', header: 'City', sortable: true },
      { key: 'state', header: 'State', sortable: true },
      { key: 'time_zone', header: 'Time zone' },
    ],
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true },
      { name: 'city', label: 'City', kind: 'text', required: true },
      { name: 'state', label: 'State', kind: 'text', required: true },
      { name: 'address', label: 'Address', kind: 'text' },
      { name: 'time_zone', label: 'Time zone', kind: 'timezone', required: true, initial: 'UTC' },
    ],
  },
  'participant-groups': {
    resource: 'participant-groups',
    singular: 'school',
    plural: 'Schools',
    defaultSort: 'name',
    columns: [
      { key: 'name', header: 'Name', sortable: true },
      { key: 'short_name', header: 'Short name' },
      { key: 'alias', header: 'Alias' },
    ],
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true },
      { name: 'short_name', label: 'Short name', kind: 'text', required: true },
      { name: 'alias', label: 'Alias', kind: 'text', required: true, hint: aliasHint },
      { name: 'images', label: 'Images', kind: 'images' },
      { name: 'position', label: 'Position', kind: 'number' },
    ],
  },
  participants: {
    resource: 'participants',
    singular: 'team',
    plural: 'Teams',
    defaultSort: 'name',
    columns: [
      { key: 'name', header: 'Name', sortable: true },
      { key: 'short_name', header: 'Short name', sortable: true },
      { key: 'gender', header: 'Gender' },
      { key: 'color', header: 'Colour', format: 'color' },
    ],
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true },
      { name: 'short_name', label: 'Short name', kind: 'text', required: true },
      { name: 'alias', label: 'Alias', kind: 'text', required: true, hint: aliasHint },
      { name: 'group_id', label: 'School', kind: 'reference', resource: 'participant-groups' },
      { name: 'category_id', label: 'Sport', kind: 'reference', resource: 'events-categories' },
      { name: 'gender', label: 'Gender', kind: 'select', options: genders },
      { name: 'color', label: 'Colour', kind: 'color' },
      { name: 'images', label: 'Images', kind: 'images' },
    ],
  },
  events: {
    resource: 'events',
    singular: 'event',
    plural: 'Events',
    defaultSort: 'event_utc_ts',
    columns: [
      { key: 'name', header: 'Name', sortable: true },
      { key: 'event_utc_ts', header: 'Starts', sortable: true, format: 'date', zoneKey: 'time_zone' },
      { key: 'access_mode', header: 'Access' },
      { key: 'base_price', header: 'Price', format: 'money' },
      { key: 'stream_status', header: 'Status' },
    ],
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true },
      {
        name: 'participants',
        label: 'Teams',
        kind: 'participants',
        resource: 'participants',
        hint: 'Shown as away @ home.',
      },
      { name: 'event_category_id', label: 'Sport', kind: 'reference', resource: 'events-categories' },
      { name: 'location_id', label: 'Venue', kind: 'reference', resource: 'events-locations' },
      { name: 'time_zone', label: 'Time zone', kind: 'timezone', required: true, initial: 'UTC' },
      { name: 'event_utc_ts', label: 'Starts at (in its time zone)', kind: 'datetime', zoneField: 'time_zone' },
      {
        name: 'access_mode',
        label: 'Access mode',
        kind: 'select',
        options: accessModes,
        required: true,
        initial: 'free',
      },
      { name: 'base_price', label: 'Price', kind: 'money', hint: 'In the channel currency, e.g. 9.99.' },
      { name: 'service_fee', label: 'Service fee', kind: 'money' },
      {
        name: 'stream_status',
        label: 'Status',
        kind: 'select',
        options: streamStatuses,
        required: true,
        initial: 'upcoming',
      },
      { name: 'description', label: 'Description', kind: 'textarea' },
    ],
  },
  'vod-media-items': {
    resource: 'vod-media-items',
    singular: 'VOD item',
    plural: 'VOD items',
    defaultSort: 'date',
    titleKey: 'title',
    columns: [
      { key: 'title', header: 'Title', sortable: true },
      { key: 'date', header: 'Date', sortable: true, format: 'date' },
      { key: 'access_mode', header: 'Access' },
    ],
    fields: [
      { name: 'title', label: 'Title', kind: 'text', required: true },
      { name: 'date', label: 'Date', kind: 'date', required: true },
      {
        name: 'access_mode',
        label: 'Access mode',
        kind: 'select',
        options: libraryAccessModes,
        required: true,
        initial: 'free',
      },
      { name: 'category_id', label: 'Category', kind: 'reference', resource: 'vod-categories' },
      { name: 'rail_ids', label: 'Rails', kind: 'references', resource: 'vod-rails' },
      { name: 'description', label: 'Description', kind: 'textarea' },
    ],
  },
  'vod-categories': {
    resource: 'vod-categories',
    singular: 'VOD category',
    plural: 'VOD categories',
    defaultSort: 'name',
    columns: [
      { key: 'name', header: 'Name', sortable: true },
      { key: 'alias', header: 'Alias' },
      { key: 'position', header: 'Position', sortable: true },
    ],
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true },
      { name: 'alias', label: 'Alias', kind: 'text', required: true, hint: aliasHint },
      { name: 'position', label: 'Position', kind: 'number' },
    ],
  },
  'vod-rails': {
    resource: 'vod-rails',
    singular: 'VOD rail',
    plural: 'VOD rails',
    defaultSort: 'position',
    titleKey: 'title',
    columns: [
      { key: 'title', header: 'Title', sortable: true },
      { key: 'position', header: 'Position', sortable: true },
    ],
    fields: [
      { name: 'title', label: 'Title', kind: 'text', required: true },
      { name: 'position', label: 'Position', kind: 'number' },
    ],
  },
  menu: {
    resource: 'menu',
    singular: 'menu item',
    plural: 'Menu',
    defaultSort: 'position',
    columns: [
      { key: 'name', header: 'Name', sortable: true },
      { key: 'placement', header: 'Placement' },
      { key: 'url', header: 'Link' },
    ],
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true },
      { name: 'placement', label: 'Placement', kind: 'select', options: placements, required: true, initial: 'header' },
      {
        name: 'menuable_type',
        label: 'Points at',
        kind: 'select',
        options: menuTargets,
        required: true,
        initial: 'link',
      },
      {
        name: 'url',
        label: 'Link',
        kind: 'text',
        required: true,
        hint: 'A path such as /schedule or a full address.',
      },
      {
        name: 'menuable_id',
        label: 'School or team id',
        kind: 'number',
        hint: 'For a school or a team: its id in the catalogue.',
      },
      { name: 'image', label: 'Image', kind: 'image' },
      { name: 'position', label: 'Position', kind: 'number' },
    ],
  },
  slides: {
    resource: 'slides',
    singular: 'slide',
    plural: 'Slides',
    defaultSort: 'position',
    titleKey: 'title',
    columns: [
      { key: 'title', header: 'Title', sortable: true },
      { key: 'slidable_type', header: 'Shown on' },
    ],
    fields: [
      { name: 'title', label: 'Title', kind: 'text', required: true },
      { name: 'subtitle', label: 'Subtitle', kind: 'text' },
      {
        name: 'slidable_type',
        label: 'Shown on',
        kind: 'select',
        options: slidableTypes,
        required: true,
        initial: 'main',
      },
      { name: 'slidable_id', label: 'Sport, team or school id', kind: 'number' },
      { name: 'image', label: 'Image', kind: 'image' },
      { name: 'link', label: 'Link', kind: 'text' },
      { name: 'position', label: 'Position', kind: 'number' },
    ],
  },
  pages: {
    resource: 'pages',
    singular: 'page',
    plural: 'Pages',
    defaultSort: 'name',
    columns: [
      { key: 'name', header: 'Name', sortable: true },
      { key: 'url', header: 'Address', sortable: true },
    ],
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true },
      { name: 'alt_name', label: 'Alternative name', kind: 'text', emptyAs: '' },
      {
        name: 'url',
        label: 'Address',
        kind: 'text',
        required: true,
        hint: 'The page is at /address; lower-case letters, digits and -.',
      },
      { name: 'content', label: 'Content', kind: 'textarea', emptyAs: '', hint: 'Plain text or simple HTML.' },
      { name: 'position', label: 'Position', kind: 'number' },
    ],
  },
  faq: {
    resource: 'faq',
    singular: 'question',
    plural: 'FAQ',
    defaultSort: 'position',
    titleKey: 'question',
    columns: [{ key: 'question', header: 'Question', sortable: true }],
    fields: [
      { name: 'question', label: 'Question', kind: 'text', required: true },
      { name: 'answer', label: 'Answer', kind: 'textarea', required: true },
      { name: 'position', label: 'Position', kind: 'number' },
    ],
  },
  'static-blocks': {
    resource: 'static-blocks',
    singular: 'static block',
    plural: 'Static blocks',
    defaultSort: 'alias',
    titleKey: 'alias',
    columns: [
      { key: 'alias', header: 'Alias', sortable: true },
      { key: 'title', header: 'Title' },
    ],
    fields: [
      { name: 'alias', label: 'Alias', kind: 'text', required: true, hint: 'Lower-case letters, digits, - and _.' },
      { name: 'title', label: 'Title', kind: 'text', emptyAs: '' },
      { name: 'content', label: 'Content', kind: 'textarea', emptyAs: '' },
      { name: 'position', label: 'Position', kind: 'number' },
    ],
  },
  prerolls: {
    resource: 'prerolls',
    singular: 'pre-roll',
    plural: 'Pre-rolls',
    defaultSort: 'weight',
    titleKey: 'url',
    columns: [
      { key: 'url', header: 'Video' },
      { key: 'weight', header: 'Weight', sortable: true },
      { key: 'for_live', header: 'Live', format: 'boolean' },
      { key: 'for_vod', header: 'VOD', format: 'boolean' },
    ],
    fields: [
      {
        name: 'url',
        label: 'Video address',
        kind: 'text',
        emptyAs: '',
        hint: 'The address of a public MP4, or upload the file on the Media page (it fills this in).',
      },
      { name: 'weight', label: 'Weight', kind: 'number', hint: 'Higher plays first.' },
      { name: 'event_categories', label: 'Sports', kind: 'references', resource: 'events-categories' },
      { name: 'location_id', label: 'Venue', kind: 'reference', resource: 'events-locations' },
      { name: 'for_live', label: 'Before live events', kind: 'checkbox', initial: true },
      { name: 'for_vod', label: 'Before on-demand video', kind: 'checkbox', initial: true },
    ],
  },
}
