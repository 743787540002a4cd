import { z } from 'zod'
import { PackageSchema } from './commerce.js'
import { MenuPlacement, SlidableType } from './enums.js'
import { hexColor } from './fields.js'
import { PrerollSchema } from './media.js'

export const ChannelKeySchema = z
  .string()
  .min(2)
  .max(64)
  .regex(/^[a-z0-9][a-z0-9_-]*$/, 'A channel key is lower-case letters, digits, - and _')

/** `POST /api/get_api_key` */
export const ApiKeyCreateSchema = z.object({ channel_key: z.string().min(1).max(64) })
export type ApiKeyCreate = z.infer<typeof ApiKeyCreateSchema>
export const ApiKeySchema = z.object({ api_key: z.string() })
export type ApiKey = z.infer<typeof ApiKeySchema>

/** `GET /keys/{name}.json` */
export const KeysFileSchema = z.object({ channel_key: z.string() })
export type KeysFile = z.infer<typeof KeysFileSchema>

export const StaticBlockSchema = z.object({
  id: z.number().int(),
  alias: z.string(),
  title: z.string(),
  content: z.string(),
})
export type StaticBlock = z.infer<typeof StaticBlockSchema>

/** A route the channel adds at run time (spec §2): `path` sends the viewer to `redirect`. */
export const ChannelRouteSchema = z.object({ path: z.string().regex(/^\/[a-z0-9/_-]*$/i), redirect: z.string() })
export type ChannelRoute = z.infer<typeof ChannelRouteSchema>

/** `GET /api/settings` (spec §3 Settings). */
export const SettingsSchema = z.object({
  name: z.string(),
  channel_key: z.string(),
  logo: z.string().nullable(),
  language: z.string(),
  currency: z.string(),
  'google-analytics': z.object({ 'google-tag': z.string().nullable() }),
  /** Product analytics (spec §7): the key is the service's `profile`; the url is the service's origin
   * (`analyticsPaths` in `analytics.ts`), null when the deployment runs none. */
  'yare-analytics': z.object({
    'yare-analytics-key': z.string().nullable(),
    'yare-analytics-url': z.string().nullable(),
  }),
  prerolls: z.array(PrerollSchema),
  static_blocks: z.array(StaticBlockSchema),
  routes: z.array(ChannelRouteSchema),
  domain_category: z.object({ alias: z.string().nullable(), fallback_url: z.string().nullable() }),
  contact: z.object({ email: z.string().nullable(), phone: z.string().nullable(), address: z.string().nullable() }),
  social: z.record(z.string(), z.string()),
  /** Set when the channel requires the human check on sign-up, sign-in and password reset. */
  recaptcha: z.object({ site_key: z.string().nullable() }),
  /** The channel's clip lengths (its settings, else `clipDefaults`): the clip form checks against them. */
  clips: z.object({ max_duration_sec: z.number().positive(), min_duration_sec: z.number().positive() }),
})
export type Settings = z.infer<typeof SettingsSchema>

/** `GET /api/color-settings/web`: colour name → hex value. */
export const ColorSettingsSchema = z.record(z.string(), hexColor)
export type ColorSettings = z.infer<typeof ColorSettingsSchema>
export const ColorSettingsQuerySchema = z.object({ client_interface: z.literal('web').optional() })

export const MenuItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  alias: z.string().nullable(),
  url: z.string(),
  image: z.string().nullable(),
  images: z.array(z.string()),
  placement: z.enum([MenuPlacement.header, MenuPlacement.footer, MenuPlacement.both]),
  /** What the item points at: a participant group, a participant, or a plain link. */
  menuable_type: z.enum(['link', 'group', 'participant']),
  menuable_id: z.number().int().nullable(),
})
export type MenuItem = z.infer<typeof MenuItemSchema>

export const SlideSchema = z.object({
  id: z.number().int(),
  slidable_type: z.enum([SlidableType.main, SlidableType.category, SlidableType.participant, SlidableType.group]),
  slidable_id: z.number().int().nullable(),
  title: z.string(),
  subtitle: z.string().nullable(),
  image: z.string().nullable(),
  link: z.string().nullable(),
})
export type Slide = z.infer<typeof SlideSchema>
export const SlidesQuerySchema = z.object({
  type: z.enum([SlidableType.main, SlidableType.category, SlidableType.participant, SlidableType.group]).optional(),
})

export const PageSummarySchema = z.object({
  id: z.number().int(),
  url: z.string(),
  alt_name: z.string(),
  name: z.string(),
})
export type PageSummary = z.infer<typeof PageSummarySchema>
export const PageSchema = PageSummarySchema.extend({ content: z.string() })
export type Page = z.infer<typeof PageSchema>

export const FaqSchema = z.object({ id: z.number().int(), question: z.string(), answer: z.string() })
export type Faq = z.infer<typeof FaqSchema>

/** `GET /api/channel-bootstrap-data` query (spec §7). */
export const BootstrapQuerySchema = z.object({
  'color-settings': z
    .object({ client_interface: z.literal('web') })
    .partial()
    .optional(),
  slides: z
    .object({ client_interface: z.literal('web') })
    .partial()
    .optional(),
  channel_key: z.string().optional(),
  api_key: z.string().optional(),
})

/**
 * `GET /api/channel-bootstrap-data`: every part whose data exists (spec §7). Later capabilities add
 * events-categories, events-locations, packages, participant-groups, participant-group-properties, subscriptions.
 */
export const BootstrapSchema = z.object({
  'color-settings': ColorSettingsSchema,
  faq: z.array(FaqSchema),
  menu: z.array(MenuItemSchema),
  pages: z.array(PageSummarySchema),
  settings: SettingsSchema,
  slides: z.array(SlideSchema),
  static_blocks: z.array(StaticBlockSchema),
  /** Spec §7: the passes on sale, as `GET packages` and `GET subscriptions` answer them. */
  packages: z.array(PackageSchema),
  subscriptions: z.array(PackageSchema),
})
export type Bootstrap = z.infer<typeof BootstrapSchema>

/** Served to the browser at `/runtime-config.json`: what the web app may know of the deployment. */
export const RuntimeConfigSchema = z.object({
  apiBase: z.string(),
  keysUrl: z.string(),
  basePath: z.string(),
  /** Social sign-in providers this deployment has credentials for. */
  authProviders: z.array(z.string()).default([]),
})
export type RuntimeConfig = z.infer<typeof RuntimeConfigSchema>
