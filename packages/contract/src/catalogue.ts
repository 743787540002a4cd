import { z } from 'zod'
import { EventClipInfoSchema } from './clips.js'
import { eventScheduleFields } from './fields.js'
import { MediaInfoSchema } from './media.js'
import { EventScoreSchema } from './scores.js'

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

/**
 * `GET /api/participant-group-properties` (spec §7): one property the schools have (city, state,
 * conference…) with every value they give it, sorted.
 */
export const ParticipantGroupPropertySchema = z.object({ name: z.string(), values: z.array(z.string()) })
export type ParticipantGroupProperty = z.infer<typeof ParticipantGroupPropertySchema>

export const EventLocationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string(),
  state: z.string(),
  address: z.string().nullable(),
  time_zone: z.string(),
})
export type EventLocation = z.infer<typeof EventLocationSchema>

/** A school's or a team's names and pictures. */
const teamFields = {
  id: z.number().int(),
  name: z.string(),
  short_name: z.string(),
  alias: z.string(),
  images: z.array(z.string()),
}

export const ParticipantGroupSchema = z.object({
  ...teamFields,
  properties: z.record(z.string(), z.string()),
})
export type ParticipantGroup = z.infer<typeof ParticipantGroupSchema>

export const ParticipantSchema = z.object({
  ...teamFields,
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
  ...eventScheduleFields,
  /** In currency units (e.g. 9.99), as the spec shows prices. */
  base_price: z.number(),
  service_fee: z.number(),
  currency: z.string(),
  participants: z.array(EventParticipantSchema),
  category: z.object({ id: z.number().int(), name: z.string(), alias: z.string() }).nullable(),
  location: EventLocationSchema.nullable(),
  /** The score now (game day, decision 0057); absent or null before any is kept. */
  score: EventScoreSchema.nullish(),
})
export type Event = z.infer<typeof EventSchema>

/** `GET /api/events/{id}`: the event with its video (see media.ts) and its clip tool (see clips.ts). */
export const EventDetailSchema = EventSchema.extend(MediaInfoSchema.shape).extend(EventClipInfoSchema.shape)
export type EventDetail = z.infer<typeof EventDetailSchema>

export const EventsForHomepageSchema = z.object({
  live: z.array(EventSchema),
  upcoming: z.array(EventSchema),
  vod: z.array(EventSchema),
})

export const FavoritableTypes = ['participant', 'group', 'category'] as const
export const favoriteTypeMessage = `favoritable_type must be equal to one of the allowed values: ${FavoritableTypes.join(', ')}`
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
export const VodMediaDetailSchema = VodMediaSchema.extend(MediaInfoSchema.shape).extend(EventClipInfoSchema.shape)
export type VodMediaDetail = z.infer<typeof VodMediaDetailSchema>
export const VodCategorySchema = z.object({ id: z.number().int(), name: z.string(), alias: z.string() })
export const VodRailSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  vod_media_items: z.array(VodMediaSchema),
})

export const GeoSchema = z.object({
  country: z.string().nullable(),
  country_code: z.string().nullable(),
  ip: z.string(),
  is_geo_blocked: z.boolean(),
})
export type Geo = z.infer<typeof GeoSchema>
