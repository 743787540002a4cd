import { z } from 'zod'
import { FavoritableTypes, favoriteTypeMessage } from './catalogue.js'
import { isTimeZone } from './format/channel-time.js'
import { LinkSchema } from './links.js'
import { messages } from './messages.js'
import { emptyToUndefined, listParam, newestFirst, pageParams } from './query.js'

/**
 * What the catalogue's API takes in (spec §3 query/param names, the operator's input): query filters,
 * favourite requests and operator input. Apart from catalogue.ts so that a client which only reads the
 * catalogue does not build them (the web app's start).
 */

const intList = listParam(z.array(z.coerce.number().int().positive('Must be a positive id')).max(50).optional())
const textList = listParam(z.array(z.string().trim().min(1).max(100)).max(50).optional())
const dateParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/, 'Use a date such as 2026-11-22')
  .refine((v) => !Number.isNaN(Date.parse(v)), 'Use a date such as 2026-11-22')
  .optional()

/** `GET /api/events` filters (spec §3 query/param and sort/filter names). */
export const EventsQuerySchema = z
  .object({
    stream_status: listParam(z.array(z.enum(['upcoming', 'live', 'vod'])).optional()),
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
    ...pageParams(20),
    no_limit: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(1).optional()),
    sort_field: z.preprocess(emptyToUndefined, z.enum(['event_utc_ts', 'name', 'id']).default('event_utc_ts')),
    sort_direction: z.preprocess(emptyToUndefined, z.enum(['asc', 'desc']).optional()),
  })
  .refine((q) => !q.start_date || !q.end_date || Date.parse(q.start_date) <= Date.parse(q.end_date), {
    message: 'The end date must not be before the start date',
    path: ['end_date'],
  })
export type EventsQuery = z.output<typeof EventsQuerySchema>

export const FavoriteCreateSchema = z.object({
  favoritable_id: z.coerce.number({ error: messages.fieldRequired }).int().positive(),
  favoritable_type: z.enum(FavoritableTypes, { error: favoriteTypeMessage }),
})

export const VodQuerySchema = z.object({
  category_id: intList,
  title: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
  ...pageParams(10),
  sort_field: z.preprocess(emptyToUndefined, z.enum(['date', 'title']).default('date')),
  sort_direction: newestFirst,
})

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
  time_zone: z.string().refine(isTimeZone, 'Use an IANA time zone such as America/Chicago'),
})
export const GroupInputSchema = z.object({
  name: z.string().trim().min(1, messages.fieldRequired).max(200),
  short_name: z.string().trim().min(1, messages.fieldRequired).max(50),
  alias,
  images: z.array(LinkSchema).max(10).default([]),
  properties: z.record(z.string().max(64), z.string().max(200)).default({}),
  position: z.number().int().default(0),
})
export const ParticipantInputSchema = z.object({
  name: z.string().trim().min(1, messages.fieldRequired).max(200),
  short_name: z.string().trim().min(1, messages.fieldRequired).max(50),
  alias,
  group_id: z.number().int().positive().nullable().default(null),
  category_id: z.number().int().positive().nullable().default(null),
  images: z.array(LinkSchema).max(10).default([]),
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
