import { z } from 'zod'
import { MediaInfoSchema } from './media.js'
import { messages } from './messages.js'

/**
 * The catalogue (spec §3): sports (event categories), venues (event locations), schools (participant
 * groups), teams (participants), events, the VOD library, favourites and geo.
 */
export const EventCategorySchema: z.ZodType<EventCategory> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    alias: z.string(),
    parent_id: z.number().int().nullable(),
    children: z.array(EventCategorySchema),
  }),
)
export interface EventCategory {
  id: number
  name: string
  alias: string
  parent_id: number | null
  children: EventCategory[]
}

export const EventLocationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string(),
  state: z.string(),
  address: z.string().nullable(),
  time_zone: z.string(),
})
export type EventLocation = z.infer<typeof EventLocationSchema>

export const ParticipantGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  short_name: z.string(),
  alias: z.string(),
  images: z.array(z.string()),
  properties: z.record(z.string(), z.string()),
})
export type ParticipantGroup = z.infer<typeof ParticipantGroupSchema>

export const ParticipantSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  short_name: z.string(),
  alias: z.string(),
  images: z.array(z.string()),
  color: z.string().nullable(),
  participant_group_id: z.number().int().nullable(),
  event_category_id: z.number().int().nullable(),
  /** gender M/W and sport (the category alias), plus whatever else the operator keeps. */
  properties: z.record(z.string(), z.string()),
})
export type Participant = z.infer<typeof ParticipantSchema>

export const EventParticipantSchema = ParticipantSchema.extend({ side: z.enum(['home', 'away']) })

export const EventSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  /** The access mode: free, register, paid or ppv (spec §3 "type (paid or other)"). */
  type: z.enum(['free', 'register', 'paid', 'ppv']),
  has_access: z.boolean(),
  /** The viewer's country may not watch it (spec §6: "We're sorry, but this content is not available in your region"). */
  is_geo_blocked: z.boolean(),
  /** ISO 8601, UTC. */
  event_utc_ts: z.string(),
  time_zone: z.string(),
  event_category_id: z.number().int().nullable(),
  location_id: z.number().int().nullable(),
  stream_status: z.enum(['upcoming', 'live', 'vod']),
  /** In currency units (e.g. 9.99), as the spec shows prices. */
  base_price: z.number(),
  service_fee: z.number(),
  currency: z.string(),
  participants: z.array(EventParticipantSchema),
  category: z.object({ id: z.number().int(), name: z.string(), alias: z.string() }).nullable(),
  location: EventLocationSchema.nullable(),
})
export type Event = z.infer<typeof EventSchema>

/** `GET /api/events/{id}`: the event with its video (see media.ts). */
export const EventDetailSchema = EventSchema.extend(MediaInfoSchema.shape)
export type EventDetail = z.infer<typeof EventDetailSchema>

const intList = z.preprocess(
  (v) => (v === undefined || v === '' ? undefined : Array.isArray(v) ? v : String(v).split(',')),
  z.array(z.coerce.number().int().positive('Must be a positive id')).max(50).optional(),
)
const textList = z.preprocess(
  (v) => (v === undefined || v === '' ? undefined : Array.isArray(v) ? v : String(v).split(',')),
  z.array(z.string().trim().min(1).max(100)).max(50).optional(),
)
const dateParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/, 'Use a date such as 2026-11-22')
  .refine((v) => !Number.isNaN(Date.parse(v)), 'Use a date such as 2026-11-22')
  .optional()
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v)

/** `GET /api/events` filters (spec §3 query/param and sort/filter names). */
export const EventsQuerySchema = z
  .object({
    stream_status: z.preprocess(
      (v) => (v === undefined || v === '' ? undefined : Array.isArray(v) ? v : String(v).split(',')),
      z.array(z.enum(['upcoming', 'live', 'vod'])).optional(),
    ),
    event_category_id: intList,
    category_id: intList,
    participant_id: intList,
    /** team: id or alias */
    team: textList,
    /** group / school: id or alias */
    group: textList,
    school: textList,
    location: intList,
    venue: intList,
    gender: z.preprocess(emptyToUndefined, z.enum(['men', 'women', 'M', 'W', 'm', 'w']).optional()),
    /** sport: the alias of a top-level category */
    sport: textList,
    city: textList,
    state: textList,
    start_date: z.preprocess(emptyToUndefined, dateParam),
    end_date: z.preprocess(emptyToUndefined, dateParam),
    search: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
    offset: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0, 'Must be 0 or more').default(0)),
    limit: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1, 'Must be 1 or more').max(100, 'Must be 100 or less').default(20),
    ),
    no_limit: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(1).optional()),
    sort_field: z.preprocess(emptyToUndefined, z.enum(['event_utc_ts', 'name', 'id']).default('event_utc_ts')),
    sort_direction: z.preprocess(emptyToUndefined, z.enum(['asc', 'desc']).optional()),
  })
  .refine((q) => !q.start_date || !q.end_date || Date.parse(q.start_date) <= Date.parse(q.end_date), {
    message: 'The end date must not be before the start date',
    path: ['end_date'],
  })
export type EventsQuery = z.output<typeof EventsQuerySchema>

export const EventsForHomepageSchema = z.object({
  live: z.array(EventSchema),
  upcoming: z.array(EventSchema),
  vod: z.array(EventSchema),
})

export const FavoritableTypes = ['participant', 'group', 'category'] as const
export const favoriteTypeMessage = `favoritable_type must be equal to one of the allowed values: ${FavoritableTypes.join(', ')}`
export const FavoriteCreateSchema = z.object({
  favoritable_id: z.coerce.number({ error: messages.fieldRequired }).int().positive(),
  favoritable_type: z.enum(FavoritableTypes, { error: favoriteTypeMessage }),
})
export const FavoriteSchema = z.object({
  id: z.number().int(),
  favoritable_id: z.number().int(),
  favoritable_type: z.enum(FavoritableTypes),
  favoritable: z.object({ id: z.number().int(), name: z.string(), alias: z.string(), images: z.array(z.string()) }),
})
export type Favorite = z.infer<typeof FavoriteSchema>

export const VodAssetSchema = z.object({ type: z.enum(['image', 'preview']), path: z.string() })
export const VodMediaSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  /** ISO 8601 */
  date: z.string(),
  duration: z.number().int(),
  vod_media_category_id: z.number().int().nullable(),
  /** Access mode: free, register (an account), or paid (the vod_media capability a pass grants). */
  type: z.enum(['free', 'register', 'paid']),
  assets: z.array(VodAssetSchema),
})
export type VodMedia = z.infer<typeof VodMediaSchema>

/** `GET /api/vod-media-items/{id}`: the item with its video. */
export const VodMediaDetailSchema = VodMediaSchema.extend(MediaInfoSchema.shape)
export type VodMediaDetail = z.infer<typeof VodMediaDetailSchema>
export const VodCategorySchema = z.object({ id: z.number().int(), name: z.string(), alias: z.string() })
export const VodRailSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  vod_media_items: z.array(VodMediaSchema),
})
export const VodQuerySchema = z.object({
  category_id: intList,
  title: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
  offset: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0, 'Must be 0 or more').default(0)),
  limit: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1, 'Must be 1 or more').max(100, 'Must be 100 or less').default(10),
  ),
  sort_field: z.preprocess(emptyToUndefined, z.enum(['date', 'title']).default('date')),
  sort_direction: z.preprocess(emptyToUndefined, z.enum(['asc', 'desc']).default('desc')),
})

export const GeoSchema = z.object({
  country: z.string().nullable(),
  country_code: z.string().nullable(),
  ip: z.string(),
  is_geo_blocked: z.boolean(),
})
export type Geo = z.infer<typeof GeoSchema>

/** Operator input (service level; the operator console comes later). */
const alias = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'Use lower-case letters, digits and -')
const countryList = z.array(z.string().regex(/^[A-Za-z]{2}$/, 'Use two-letter country codes')).max(250)
export const GeoRulesSchema = z.object({ allow: countryList.optional(), block: countryList.optional() })

export const CategoryInputSchema = z.object({
  name: z.string().trim().min(1, messages.fieldRequired).max(100),
  alias,
  parent_id: z.number().int().positive().nullable().default(null),
  position: z.number().int().default(0),
})
export const LocationInputSchema = z.object({
  name: z.string().trim().min(1, messages.fieldRequired).max(200),
  city: z.string().trim().min(1, messages.fieldRequired).max(100),
  state: z.string().trim().min(1, messages.fieldRequired).max(100),
  address: z.string().trim().max(300).nullable().default(null),
  time_zone: z.string().refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz })
      return true
    } catch {
      return false
    }
  }, 'Use an IANA time zone such as America/Chicago'),
})
export const GroupInputSchema = z.object({
  name: z.string().trim().min(1, messages.fieldRequired).max(200),
  short_name: z.string().trim().min(1, messages.fieldRequired).max(50),
  alias,
  images: z.array(z.string().max(500)).max(10).default([]),
  properties: z.record(z.string().max(64), z.string().max(200)).default({}),
  position: z.number().int().default(0),
})
export const ParticipantInputSchema = z.object({
  name: z.string().trim().min(1, messages.fieldRequired).max(200),
  short_name: z.string().trim().min(1, messages.fieldRequired).max(50),
  alias,
  group_id: z.number().int().positive().nullable().default(null),
  category_id: z.number().int().positive().nullable().default(null),
  images: z.array(z.string().max(500)).max(10).default([]),
  color: z
    .string()
    .regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/)
    .nullable()
    .default(null),
  gender: z.enum(['M', 'W']).nullable().default(null),
  properties: z.record(z.string().max(64), z.string().max(200)).default({}),
})
export const EventInputSchema = z.object({
  name: z.string().trim().min(1, messages.fieldRequired).max(300),
  description: z.string().max(5000).nullable().default(null),
  access_mode: z.enum(['free', 'register', 'paid', 'ppv']),
  /** ISO 8601 with an offset or Z. */
  event_utc_ts: z.iso.datetime({ offset: true }),
  time_zone: LocationInputSchema.shape.time_zone,
  event_category_id: z.number().int().positive().nullable().default(null),
  location_id: z.number().int().positive().nullable().default(null),
  stream_status: z.enum(['upcoming', 'live', 'vod']).default('upcoming'),
  /** Minor units (cents). */
  base_price: z.number().int().min(0).default(0),
  service_fee: z.number().int().min(0).default(0),
  geo_rules: GeoRulesSchema.default({}),
  participants: z
    .array(z.object({ participant_id: z.number().int().positive(), side: z.enum(['home', 'away']) }))
    .max(2)
    .refine((p) => new Set(p.map((x) => x.side)).size === p.length, 'One home and one away participant at most')
    .default([]),
})
export type EventInput = z.input<typeof EventInputSchema>
