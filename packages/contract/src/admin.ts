import { z } from 'zod'
import { ListMetaSchema } from './api.js'
import { API_KEY_FIELD, CHANNEL_KEY_FIELD } from './api-keys.js'
import { EmailSchema, PasswordSchema } from './auth-forms.js'
import {
  CategoryInputSchema,
  EventInputSchema,
  GroupInputSchema,
  LocationInputSchema,
  ParticipantInputSchema,
} from './catalogue-input.js'
import { ChannelRouteSchema } from './channel.js'
import { ClipSettingsSchema, ClipStatusSchema } from './clips.js'
import { UploadSettingsSchema } from './console-media.js'
import { MenuPlacement, SlidableType } from './enums.js'
import { accountFields, bare, eventScheduleFields, hexColor } from './fields.js'
import { LinkSchema } from './links.js'
import { messages } from './messages.js'
import { named } from './named.js'
import { emptyToUndefined, newestFirst, pageParams } from './query.js'
import { normalizePath, reservedPageUrl } from './site-routes.js'
import { StreamSettingsSchema } from './streams.js'

/**
 * The operator console's API (`/api/admin/...`, decision 0018): the roles, the resources, the one rule
 * table `can(role, action, resource)` that the server enforces and the console uses to show or hide
 * what an operator may do, and the request and answer shapes.
 *
 * Conventions: `GET /api/admin/{resource}` lists (`AdminListQuerySchema` → `{ data, meta }`),
 * `GET /api/admin/{resource}/{id}` reads one, `POST /api/admin/{resource}` creates,
 * `PATCH /api/admin/{resource}/{id}` updates, `DELETE /api/admin/{resource}/{id}` deletes. The
 * singletons (`channel`, `settings`, `color-settings`) are `GET` and `PATCH /api/admin/{resource}`.
 * `GET /api/admin/me` is the signed-in operator.
 */

export const OperatorRoles = ['owner', 'manager', 'producer', 'support', 'scorer'] as const
export const OperatorRoleSchema = z.enum(OperatorRoles, {
  error: 'Choose owner, manager, producer, support or scorer',
})
export type OperatorRole = (typeof OperatorRoles)[number]

/** The channel's site and catalogue: its content, its events and teams, and the library's videos. */
const siteResources = [
  'channel',
  'settings',
  'color-settings',
  'menu',
  'slides',
  'pages',
  'faq',
  'static-blocks',
  'prerolls',
  'events',
  'participants',
  'participant-groups',
  'events-categories',
  'events-locations',
  'vod-media-items',
] as const

/** This issue's resources (the spec's entity names), plus the go-live panel and media uploads. */
export const AdminResources = [
  ...siteResources,
  'operators',
  'audit-log',
  'live',
  'uploads',
  /** The library's categories and rails (what vod-media-items are filed under and shown on). */
  'vod-categories',
  'vod-rails',
  /** Viewers' clips: the console reads and deletes them (decision 0024). */
  'clips',
  /** The channel's passes custom form (decision 0023): whether viewers are asked to choose a pass. */
  'custom-forms',
  /** Passes and prices, coupons (decision 0035). */
  'passes',
  'coupons',
  /** Several passes sold together at one price (decision 0040): the same rights as passes. */
  'bundles',
  /** Product analytics' reports (decision 0033): the live viewers, quality, the funnel; the retention. */
  'analytics',
  /** Recordings played as an event's live broadcast from a start time (decision 0030). */
  'premieres',
  /** The host names that serve the channel (decision 0041): owners add, verify and remove them. */
  'domains',
  /** Game day (decision 0057): the score kept for a game, its sport and offset. */
  'scores',
  /** The signed score feed a scoreboard's bridge posts to: its secret. */
  'score-feed',
] as const
/** Resources later console parts add; the rule table already says who may touch them. */
export const LaterAdminResources = [
  'prices',
  'orders',
  'refunds',
  'users',
  'payment-settings',
  /** The revenue page (decision 0036). */
  'revenue',
] as const
export type AdminResource = (typeof AdminResources)[number] | (typeof LaterAdminResources)[number]
export const AdminResourceSchema = z.enum([...AdminResources, ...LaterAdminResources])

/** The singletons: `GET` and `PATCH /api/admin/{resource}`, no id. */
export const AdminSingletons = ['channel', 'settings', 'color-settings'] as const satisfies readonly AdminResource[]

export const AdminActions = [
  'read',
  'create',
  'update',
  'delete',
  /** operators: invite someone by email */
  'invite',
  /** live: reveal or rotate the stream key, end the stream */
  'go-live',
  /** clips: hide, restore */
  'moderate',
  /** users: resend an account mail */
  'resend',
] as const
export type AdminAction = (typeof AdminActions)[number]
export const AdminActionSchema = z.enum(AdminActions)

const writes: readonly AdminAction[] = ['read', 'create', 'update', 'delete']
const readOnly: readonly AdminAction[] = ['read']

/** Channel content and catalogue: what a manager runs. */
const contentResources = [
  ...siteResources,
  'vod-categories',
  'vod-rails',
  'passes',
  'bundles',
  'prices',
  'coupons',
  'orders',
  'refunds',
  'premieres',
] as const satisfies readonly AdminResource[]

type RoleRules = Partial<Record<AdminResource, readonly AdminAction[]>>

/**
 * The rule table. Owner: everything. Manager: content, catalogue, events, media, passes, prices,
 * coupons, orders, refunds, clips moderation; not operators, the audit log, payment settings or the
 * channel's domains (every other role reads those). Producer:
 * events, going live, media, clips moderation (reading viewers' clips and deleting one, decision 0024),
 * reading the analytics reports (decision 0033), reading what an event form picks from, and keeping score.
 * Support: reads what answering a viewer needs (users, orders, the channel, events, the library, scores),
 * resends mails, writes nothing. Scorer: keeps score (decision 0057) and nothing else.
 */
const rules: Record<Exclude<OperatorRole, 'owner'>, RoleRules> = {
  manager: {
    ...Object.fromEntries(contentResources.map((r) => [r, writes])),
    // A complimentary pass is an order the manager creates (decision 0036).
    orders: ['read', 'create', 'update'],
    refunds: ['read', 'create'],
    revenue: readOnly,
    live: ['read', 'go-live'],
    uploads: ['read', 'create', 'delete'],
    clips: ['read', 'delete', 'moderate'],
    // Customers: blocking and unblocking a viewer is an update (decision 0036).
    users: ['read', 'update', 'resend'],
    'custom-forms': ['read', 'update'],
    analytics: ['read', 'update'],
    // A domain serves the channel and receives its mails' links: the owners' alone to change (decision 0041).
    domains: readOnly,
    scores: ['read', 'create', 'update'],
    // The feed's secret writes scores with no person: who runs the channel holds it.
    'score-feed': ['read', 'update'],
  },
  producer: {
    channel: readOnly,
    domains: readOnly,
    events: writes,
    participants: readOnly,
    'participant-groups': readOnly,
    'events-categories': readOnly,
    'events-locations': readOnly,
    'vod-media-items': writes,
    'vod-categories': writes,
    'vod-rails': writes,
    live: ['read', 'go-live'],
    uploads: ['read', 'create', 'delete'],
    clips: ['read', 'delete', 'moderate'],
    // Who runs the game watches its audience and its quality live.
    analytics: readOnly,
    scores: ['read', 'create', 'update'],
  },
  support: {
    channel: readOnly,
    domains: readOnly,
    events: readOnly,
    // The library reads as one (decision 0018): its items, and the categories and rails they are filed under.
    'vod-media-items': readOnly,
    'vod-categories': readOnly,
    'vod-rails': readOnly,
    users: ['read', 'resend'],
    orders: readOnly,
    // Support answers "why am I asked to choose a pass?": it reads the passes form, changes nothing.
    'custom-forms': readOnly,
    scores: readOnly,
  },
  // A volunteer at the scorer's table: keeps the channel's games' scores and key plays, and nothing else.
  scorer: {
    scores: ['read', 'create', 'update'],
  },
}

/** Whether `role` may do `action` on `resource`. Pure; the server and the console both ask it. */
export function can(role: OperatorRole, action: AdminAction, resource: AdminResource): boolean {
  if (role === 'owner') return true
  return rules[role]?.[resource]?.includes(action) ?? false
}

/** Whether `role` is above `other` (owner > manager > producer > support > scorer, decisions 0018 and 0057). */
export function outranks(role: OperatorRole, other: OperatorRole): boolean {
  return OperatorRoles.indexOf(role) < OperatorRoles.indexOf(other)
}

/** Everything `role` may do, resource by resource (resources with no action left out). */
export function permissionsOf(role: OperatorRole): Partial<Record<AdminResource, AdminAction[]>> {
  const out: Partial<Record<AdminResource, AdminAction[]>> = {}
  for (const resource of AdminResourceSchema.options) {
    const actions = AdminActions.filter((a) => can(role, a, resource))
    if (actions.length > 0) out[resource] = actions
  }
  return out
}

/** Roles that may turn on a TOTP second factor. */
export const TotpRoles: readonly OperatorRole[] = ['owner', 'manager']

// ---------------------------------------------------------------------------------------------
// Lists

/** `GET /api/admin/{resource}` query. `sort` is a field of the resource's answer (checked by the server). */
export const AdminListQuerySchema = z.object({
  search: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
  sort: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z_]+$/, 'Sort by a field name')
      .optional(),
  ),
  direction: z.preprocess(emptyToUndefined, z.enum(['asc', 'desc']).default('asc')),
  ...pageParams(25),
})
export type AdminListQuery = z.output<typeof AdminListQuerySchema>

export const adminListOf = <T extends z.ZodTypeAny>(item: T) => z.object({ data: z.array(item), meta: ListMetaSchema })
export type AdminList<T> = { data: T[]; meta: z.infer<typeof ListMetaSchema> }

export const AdminIdParamsSchema = z.object({ id: z.coerce.number().int().positive() })

/** Every link and image address the console writes (http(s) or a path of the site). */
const url = LinkSchema
const nullableText = (max: number) => z.string().trim().max(max).nullable()
const timeZone = LocationInputSchema.shape.time_zone
const partialOf = <T extends z.ZodRawShape>(schema: z.ZodObject<T>) =>
  schema.partial().refine((v) => Object.keys(v).length > 0, 'Change at least one field')

// ---------------------------------------------------------------------------------------------
// The operator

export const AdminMeSchema = z.object({
  user: z.object(accountFields),
  role: OperatorRoleSchema,
  channel: z.object({ id: z.number().int(), key: z.string(), name: z.string() }),
  /** What this operator may do, resource by resource (`permissionsOf(role)`). */
  can: z.record(z.string(), z.array(AdminActionSchema)),
  totp: z.object({
    /** The role may turn on a second factor. */
    available: z.boolean(),
    enabled: z.boolean(),
    /** This session has passed the second factor (always true when it is off). */
    verified: z.boolean(),
  }),
})
export type AdminMe = z.infer<typeof AdminMeSchema>

export const TotpCodeSchema = z.object({
  code: z.string({ error: messages.fieldRequired }).regex(/^\d{6}$/, 'Enter the 6-digit code from your app'),
})
/** `POST /api/admin/me/totp`: a new secret to scan; not on until confirmed. */
export const TotpSetupSchema = z.object({ secret: z.string(), otpauth_uri: z.string() })

// ---------------------------------------------------------------------------------------------
// Operators and invitations

export const AdminOperatorSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: OperatorRoleSchema,
  created_at: z.number().int(),
})
export type AdminOperator = z.infer<typeof AdminOperatorSchema>

/** `POST /api/admin/operators`: invite by email. */
export const OperatorInviteSchema = z.object({
  email: EmailSchema,
  role: OperatorRoleSchema,
})
export const OperatorInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: OperatorRoleSchema,
  expires_at: z.number().int(),
})
/** `GET /api/admin/operator-invitations`: the invitations not yet used nor expired (owners). */
export const PendingInvitationSchema = OperatorInvitationSchema.extend({
  created_at: z.number().int(),
  invited_by_email: z.string().nullable(),
})
export type PendingInvitation = z.infer<typeof PendingInvitationSchema>

/** `PATCH /api/admin/operators/{id}` */
export const OperatorUpdateSchema = z.object({ role: OperatorRoleSchema })

/** `GET /api/admin/invitations/{token}` */
export const InvitationViewSchema = z.object({
  channel: z.object({ key: z.string(), name: z.string() }),
  email: z.string(),
  role: OperatorRoleSchema,
  /** An account with this email exists on the channel: sign in, else create one. */
  account_exists: z.boolean(),
  expires_at: z.number().int(),
})
export type InvitationView = z.infer<typeof InvitationViewSchema>
/** `POST /api/admin/invitations/{token}/accept`: signed in with the invited email, or a new account. */
export const InvitationAcceptSchema = z.object({
  password: PasswordSchema.optional(),
  first_name: z.string().trim().min(1, messages.fieldRequired).max(100).optional(),
  last_name: z.string().trim().min(1, messages.fieldRequired).max(100).optional(),
})
export const InvitationAcceptedSchema = z.object({
  /** A new session's api key when the account was created here; null when already signed in. */
  api_key: z.string().nullable(),
  role: OperatorRoleSchema,
  channel: z.object({ key: z.string(), name: z.string() }),
})

// ---------------------------------------------------------------------------------------------
// Channel, settings, colours

export const AdminChannelSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  /** The verified domains, the primary first: the hosts that serve the channel (`/api/admin/domains` has them all). */
  domains: z.array(z.string()),
  language: z.string(),
  currency: z.string(),
  time_zone: z.string(),
})
export type AdminChannel = z.infer<typeof AdminChannelSchema>
const domain = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]*[a-z0-9])?(:\d{1,5})?$/,
    'Use a host name such as tv.example.org',
  )
/** The most domains a channel has, verified and pending together. */
export const MAX_CHANNEL_DOMAINS = 20
export const AdminChannelUpdateSchema = partialOf(
  z.object({
    name: z.string().trim().min(1, messages.fieldRequired).max(200),
    /** Not here: owners add, verify and remove domains one by one under `/api/admin/domains` (decision 0041). */
    domains: z.never({ error: 'Domains are added, verified and removed one by one, by an owner, under Domains' }),
    language: z.enum(['en', 'fr', 'bg'], { error: 'Choose en, fr or bg' }),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'Use a three-letter currency code such as USD'),
    time_zone: timeZone,
  }),
)

/**
 * `GET /api/admin/domains`: every domain of the channel. A pending one serves nothing until its DNS
 * holds the TXT record `record` names (decision 0041); the primary (the first verified) is where the
 * channel's mails link to.
 */
export const DomainStates = named('verified', 'pending')
export type DomainState = (typeof DomainStates)[keyof typeof DomainStates]
export const AdminDomainSchema = z.object({
  id: z.number().int(),
  host: z.string(),
  state: z.enum([DomainStates.verified, DomainStates.pending]),
  primary: z.boolean(),
  verified_at: z.number().int().nullable(),
  /** The last check of its DNS record (null: not checked yet). */
  checked_at: z.number().int().nullable(),
  /** For a pending domain: the TXT record to create at its DNS. */
  record: z.object({ type: z.literal('TXT'), name: z.string(), value: z.string() }).nullable(),
  created_at: z.number().int(),
})
export type AdminDomain = z.infer<typeof AdminDomainSchema>
/** `POST /api/admin/domains` (owners): a pending domain of the channel. */
export const AdminDomainCreateSchema = z.object({ host: domain })
export type AdminDomainCreate = z.infer<typeof AdminDomainCreateSchema>

export const AdminSettingsSchema = z.object({
  logo: z.string().nullable(),
  google_tag: z.string().nullable(),
  yare_analytics_key: z.string().nullable(),
  contact: z.object({ email: z.string().nullable(), phone: z.string().nullable(), address: z.string().nullable() }),
  social: z.record(z.string(), z.string()),
  routes: z.array(ChannelRouteSchema),
  domain_category: z.object({ alias: z.string().nullable(), fallback_url: z.string().nullable() }),
  /** Simultaneous streams per account (decision 0031). */
  streams: StreamSettingsSchema,
  /** Clip limits and whether shared clips of paid games are public (decision 16), defaults filled in. */
  clips: ClipSettingsSchema,
  /** Upload limits (docs/security.md). */
  uploads: UploadSettingsSchema,
})
export type AdminSettings = z.infer<typeof AdminSettingsSchema>
export const AdminSettingsUpdateSchema = partialOf(
  z.object({
    logo: url.nullable(),
    google_tag: z
      .string()
      .trim()
      .regex(/^(G|GT|AW|UA)-[A-Z0-9-]{4,20}$/i, 'Use a Google tag id such as G-ABC123')
      .nullable(),
    yare_analytics_key: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{4,100}$/, 'Use the key your analytics account shows')
      .nullable(),
    contact: z.object({
      email: z.email({ error: 'Enter a valid email address' }).nullable(),
      phone: nullableText(50),
      address: nullableText(300),
    }),
    social: z.record(z.string().max(32), url).refine((s) => Object.keys(s).length <= 20, 'At most 20 links'),
    routes: z.array(ChannelRouteSchema.extend({ redirect: url })).max(50),
    domain_category: z.object({ alias: nullableText(100), fallback_url: url.nullable() }),
    streams: StreamSettingsSchema,
    /** Any of the clip settings; the others keep their values. */
    clips: ClipSettingsSchema.partial(),
    uploads: UploadSettingsSchema.partial(),
  }),
)

/** `GET /api/admin/color-settings`: the web colours the operator set, and the theme they give. */
export const AdminColorSettingsSchema = z.object({
  colors: z.record(z.string(), hexColor),
  /** What the accessible theme changed so that text stays readable, in words. */
  adjustments: z.array(z.string()),
})
export type AdminColorSettings = z.infer<typeof AdminColorSettingsSchema>
/** `PATCH /api/admin/color-settings`: names → hex (null removes the colour, falling back to the default). */
/** The api key (and channel key) a POST or PATCH carries in its body are the session's, not colour names. */
const withoutKeys = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).filter(([k]) => k !== API_KEY_FIELD && k !== CHANNEL_KEY_FIELD))
    : value
export const AdminColorSettingsUpdateSchema = z.preprocess(
  withoutKeys,
  z
    .record(z.string().regex(/^[a-z][a-z0-9_-]{0,40}$/, 'Use a colour name such as primary'), hexColor.nullable())
    .refine((v) => Object.keys(v).length > 0 && Object.keys(v).length <= 40, 'Change between 1 and 40 colours'),
)

// ---------------------------------------------------------------------------------------------
// Channel content

export const AdminMenuItemInputSchema = z.object({
  name: z.string().trim().min(1, messages.fieldRequired).max(100),
  alias: nullableText(100).default(null),
  url: url.min(1, messages.fieldRequired),
  image: url.nullable().default(null),
  images: z.array(url).max(10).default([]),
  placement: z.enum([MenuPlacement.header, MenuPlacement.footer, MenuPlacement.both]),
  menuable_type: z.enum(['link', 'group', 'participant']).default('link'),
  menuable_id: z.number().int().positive().nullable().default(null),
  position: z.number().int().default(0),
})
export const AdminMenuItemSchema = AdminMenuItemInputSchema.extend({ id: z.number().int() })
export type AdminMenuItem = z.infer<typeof AdminMenuItemSchema>

export const AdminSlideInputSchema = z.object({
  slidable_type: z.enum([SlidableType.main, SlidableType.category, SlidableType.participant, SlidableType.group]),
  slidable_id: z.number().int().positive().nullable().default(null),
  title: z.string().trim().min(1, messages.fieldRequired).max(200),
  subtitle: nullableText(300).default(null),
  image: url.nullable().default(null),
  link: url.nullable().default(null),
  position: z.number().int().default(0),
})
export const AdminSlideSchema = AdminSlideInputSchema.extend({ id: z.number().int() })
export type AdminSlide = z.infer<typeof AdminSlideSchema>

/**
 * A CMS page's address on the site (spec §2: "a route whose path is the page's url"): path segments
 * of lower-case letters, digits, `-` and `_` (as `/privacy_policy`), stored `/`-led. The site's own
 * routes are refused, except the information pages that show their CMS page (`/about` …).
 */
export const PageUrlSchema = z
  .string({ error: messages.fieldRequired })
  .trim()
  .min(1, messages.fieldRequired)
  .max(100, 'Use at most 100 characters')
  .regex(
    /^\/?[a-z0-9][a-z0-9_-]*(?:\/[a-z0-9][a-z0-9_-]*)*\/?$/,
    'Use lower-case letters, digits, - and _, in parts separated by / (as /privacy_policy)',
  )
  .transform((url) => normalizePath(url.startsWith('/') ? url : `/${url}`))
  .superRefine((url, ctx) => {
    const reserved = reservedPageUrl(url)
    if (reserved) ctx.addIssue({ code: 'custom', message: reserved })
  })

export * from './site-routes.js'

export const AdminPageInputSchema = z.object({
  url: PageUrlSchema,
  alt_name: z.string().trim().max(200).default(''),
  name: z.string().trim().min(1, messages.fieldRequired).max(200),
  content: z.string().max(100_000).default(''),
  position: z.number().int().default(0),
})
/** What is stored is answered as it is: a page saved before a rule changed still lists and reads. */
export const AdminPageSchema = AdminPageInputSchema.extend({ id: z.number().int(), url: z.string() })
export type AdminPage = z.infer<typeof AdminPageSchema>

export const AdminFaqInputSchema = z.object({
  question: z.string().trim().min(1, messages.fieldRequired).max(500),
  answer: z.string().trim().min(1, messages.fieldRequired).max(10_000),
  position: z.number().int().default(0),
})
export const AdminFaqSchema = AdminFaqInputSchema.extend({ id: z.number().int() })
export type AdminFaq = z.infer<typeof AdminFaqSchema>

export const AdminStaticBlockInputSchema = z.object({
  alias: z
    .string()
    .trim()
    .min(1, messages.fieldRequired)
    .max(100)
    .regex(/^[a-z0-9][a-z0-9_-]*$/, 'Use lower-case letters, digits, - and _'),
  title: z.string().trim().max(200).default(''),
  content: z.string().max(100_000).default(''),
  position: z.number().int().default(0),
})
export const AdminStaticBlockSchema = AdminStaticBlockInputSchema.extend({ id: z.number().int() })
export type AdminStaticBlock = z.infer<typeof AdminStaticBlockSchema>

/**
 * Pre-roll metadata. Its video is an uploaded file (the Media page; the encode writes `url`) or a
 * typed address of a public MP4; a pre-roll without either (`url` empty) plays nowhere.
 */
export const AdminPrerollInputSchema = z.object({
  url: url.or(z.literal('')).default(''),
  weight: z.number().int().min(0).max(1000).default(1),
  location_id: z.number().int().positive().nullable().default(null),
  event_categories: z.array(z.number().int().positive()).max(100).default([]),
  for_vod: z.boolean().default(true),
  for_live: z.boolean().default(true),
})
export const AdminPrerollSchema = AdminPrerollInputSchema.extend({ id: z.number().int() })
export type AdminPreroll = z.infer<typeof AdminPrerollSchema>

// ---------------------------------------------------------------------------------------------
// Catalogue

/** How many viewers keep it as a favourite (follow it), in the console's lists (issue 35). */
const followers = z.number().int().min(0).optional()
export const AdminCategorySchema = CategoryInputSchema.extend({ id: z.number().int(), followers })
export type AdminCategory = z.infer<typeof AdminCategorySchema>
export const AdminLocationSchema = LocationInputSchema.extend({ id: z.number().int(), address: z.string().nullable() })
export type AdminLocation = z.infer<typeof AdminLocationSchema>
export const AdminGroupSchema = GroupInputSchema.extend({ id: z.number().int(), followers })
export type AdminGroup = z.infer<typeof AdminGroupSchema>
export const AdminParticipantSchema = ParticipantInputSchema.extend({ id: z.number().int(), followers })
export type AdminParticipant = z.infer<typeof AdminParticipantSchema>
export const AdminEventSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  access_mode: z.enum(['free', 'register', 'paid', 'ppv']),
  ...eventScheduleFields,
  base_price: z.number().int(),
  service_fee: z.number().int(),
  geo_rules: z.object({ allow: z.array(z.string()).optional(), block: z.array(z.string()).optional() }),
  participants: z.array(z.object({ participant_id: z.number().int(), side: z.enum(['home', 'away']) })),
})
export type AdminEvent = z.infer<typeof AdminEventSchema>

export const AdminVodItemInputSchema = z.object({
  title: z.string().trim().min(1, messages.fieldRequired).max(300),
  description: z.string().max(5000).nullable().default(null),
  /** ISO 8601 date or date-time. */
  date: z.iso.datetime({ offset: true }).or(z.iso.date()),
  category_id: z.number().int().positive().nullable().default(null),
  access_mode: z.enum(['free', 'register', 'paid']).default('free'),
  /** The rails the item is shown on. */
  rail_ids: z.array(z.number().int().positive()).max(50).default([]),
})
export const AdminVodItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  date: z.string(),
  duration: z.number(),
  category_id: z.number().int().nullable(),
  access_mode: z.enum(['free', 'register', 'paid']),
  rail_ids: z.array(z.number().int()),
})
export type AdminVodItem = z.infer<typeof AdminVodItemSchema>

export const AdminVodCategoryInputSchema = z.object({
  name: z.string().trim().min(1, messages.fieldRequired).max(100),
  alias: CategoryInputSchema.shape.alias,
  position: z.number().int().default(0),
})
export const AdminVodCategorySchema = AdminVodCategoryInputSchema.extend({ id: z.number().int() })
export type AdminVodCategory = z.infer<typeof AdminVodCategorySchema>
export const AdminVodRailInputSchema = z.object({
  title: z.string().trim().min(1, messages.fieldRequired).max(200),
  position: z.number().int().default(0),
})
export const AdminVodRailSchema = AdminVodRailInputSchema.extend({ id: z.number().int() })
export type AdminVodRail = z.infer<typeof AdminVodRailSchema>

/** Create and update inputs by resource (update is the create's fields, each optional). */
export const AdminInputSchemas = {
  menu: AdminMenuItemInputSchema,
  slides: AdminSlideInputSchema,
  pages: AdminPageInputSchema,
  faq: AdminFaqInputSchema,
  'static-blocks': AdminStaticBlockInputSchema,
  prerolls: AdminPrerollInputSchema,
  events: EventInputSchema,
  participants: ParticipantInputSchema,
  'participant-groups': GroupInputSchema,
  'events-categories': CategoryInputSchema,
  'events-locations': LocationInputSchema,
  'vod-media-items': AdminVodItemInputSchema,
  'vod-categories': AdminVodCategoryInputSchema,
  'vod-rails': AdminVodRailInputSchema,
} as const
export type AdminCollection = keyof typeof AdminInputSchemas
export const adminUpdateSchemaOf = <K extends AdminCollection>(resource: K) => {
  const schema = AdminInputSchemas[resource] as z.ZodObject<z.ZodRawShape>
  // Defaults belong to creation: an update changes only the fields it names.
  const shape = Object.fromEntries(Object.entries(schema.shape).map(([k, v]) => [k, bare(v as z.ZodTypeAny)]))
  return z.object(shape).refine((v) => Object.keys(v).length > 0, 'Change at least one field')
}

/** Answers by resource. */
export const AdminItemSchemas = {
  menu: AdminMenuItemSchema,
  slides: AdminSlideSchema,
  pages: AdminPageSchema,
  faq: AdminFaqSchema,
  'static-blocks': AdminStaticBlockSchema,
  prerolls: AdminPrerollSchema,
  events: AdminEventSchema,
  participants: AdminParticipantSchema,
  'participant-groups': AdminGroupSchema,
  'events-categories': AdminCategorySchema,
  'events-locations': AdminLocationSchema,
  'vod-media-items': AdminVodItemSchema,
  'vod-categories': AdminVodCategorySchema,
  'vod-rails': AdminVodRailSchema,
} as const satisfies Record<AdminCollection, z.ZodTypeAny>

// ---------------------------------------------------------------------------------------------
// The passes custom form (decision 0023)

/** The passes form holds at most this many fields besides the basic-pass flag. */
export const MAX_PASSES_FORM_FIELDS = 20

/** One extra field of the passes form: its name and the value a viewer who has not answered gets. */
export const PassesFormFieldSchema = z.object({
  name: z
    .string({ error: messages.fieldRequired })
    .trim()
    .min(1, messages.fieldRequired)
    .max(64, 'Use at most 64 characters')
    .regex(/^[a-z0-9_]+$/, 'Use lower-case letters, digits and _ only')
    .refine((name) => name !== 'basic_pass', 'basic_pass is the pass choice itself: it is always there'),
  default: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.string().max(500, 'Use at most 500 characters').nullable(),
  ),
})
export type PassesFormField = z.infer<typeof PassesFormFieldSchema>

const passesFormFields = z
  .array(PassesFormFieldSchema)
  .max(MAX_PASSES_FORM_FIELDS, `At most ${MAX_PASSES_FORM_FIELDS} fields besides basic_pass`)
  .superRefine((fields, ctx) => {
    const seen = new Set<string>()
    fields.forEach((field, index) => {
      if (seen.has(field.name))
        ctx.addIssue({ code: 'custom', path: [index, 'name'], message: `${field.name} is already a field of the form` })
      seen.add(field.name)
    })
  })

/** `GET /api/admin/custom-forms/passes` */
export const AdminPassesFormSchema = z.object({
  /** The channel asks signed-in viewers to choose a pass (spec §4: the basic pass is needed). */
  enabled: z.boolean(),
  /** The form is stored on the channel (a channel that never had it answers enabled false). */
  exists: z.boolean(),
  /** The basic-pass flag's own default, as stored (not editable). */
  basic_pass_default: z.string().nullable(),
  /** The extra fields, in order. */
  fields: z.array(z.object({ name: z.string(), default: z.string().nullable() })),
  counts: z.object({
    /** Viewers whose stored flag says they chose the basic pass (or bought a pass). */
    basic_pass: z.number().int(),
    /** Viewers with any stored answer on the form. */
    answered: z.number().int(),
  }),
})
export type AdminPassesForm = z.infer<typeof AdminPassesFormSchema>

/** `PATCH /api/admin/custom-forms/passes`: creates the form on a channel that has none. */
export const AdminPassesFormUpdateSchema = z
  .object({ enabled: z.boolean({ error: 'Choose on or off' }), fields: passesFormFields })
  .partial()
  .refine((v) => v.enabled !== undefined || v.fields !== undefined, 'Change at least one field')
export type AdminPassesFormUpdate = z.infer<typeof AdminPassesFormUpdateSchema>

/** An image sent as a file: `POST /api/admin/images` (multipart, one `file`). */
export const AdminImageLimits = { maxBytes: 5 * 1024 * 1024, types: ['image/png', 'image/jpeg', 'image/webp'] } as const
export const AdminImageSchema = z.object({ url: z.string() })

// ---------------------------------------------------------------------------------------------
// Audit log

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  user_email: z.string().nullable(),
  resource: z.string(),
  resource_id: z.string().nullable(),
  action: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  created_at: z.number().int(),
})
export type AuditEntry = z.infer<typeof AuditEntrySchema>
export const AuditQuerySchema = AdminListQuerySchema.extend({
  resource: z.preprocess(emptyToUndefined, z.string().max(40).optional()),
  resource_id: z.preprocess(emptyToUndefined, z.string().max(40).optional()),
  action: z.preprocess(emptyToUndefined, z.string().max(20).optional()),
  user_id: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().optional()),
  /** Epoch milliseconds. */
  from: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).optional()),
  to: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).optional()),
  direction: newestFirst,
})
export type AuditQuery = z.output<typeof AuditQuerySchema>

// ---------------------------------------------------------------------------------------------
// Clips moderation (decision 0024)

/** `GET /api/admin/clips`: search by clip name or author email, filter by event and status; newest first. */
export const AdminClipsQuerySchema = AdminListQuerySchema.extend({
  event_id: z.preprocess(emptyToUndefined, z.coerce.number().int().positive('Choose an event').optional()),
  status: z.preprocess(
    emptyToUndefined,
    z.enum(ClipStatusSchema.options, { error: 'Choose queued, processing, ready or failed' }).optional(),
  ),
  direction: newestFirst,
})
export type AdminClipsQuery = z.output<typeof AdminClipsQuerySchema>
/** The fields `GET /api/admin/clips` sorts by. */
export const AdminClipSorts = ['created_at', 'name', 'status', 'duration', 'downloads'] as const

/** A viewer's clip as the console lists it. */
export const AdminClipSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  name: z.string(),
  tags: z.array(z.string()),
  /** The game it was cut from (null when the event is gone). */
  event: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  author: z.object({ id: z.number().int(), email: z.string() }),
  status: ClipStatusSchema,
  failure_reason: z.string().nullable(),
  /** Seconds into the recording. */
  start_time: z.number(),
  duration: z.number(),
  /** The poster image, once ready. */
  poster: z.string().nullable(),
  /** The share page, `/share/{id}/{uuid}`. */
  share_url: z.string(),
  /** Epoch milliseconds. */
  created_at: z.number().int(),
  /** Downloads of its MP4 granted to its author. */
  downloads: z.number().int(),
})
export type AdminClip = z.infer<typeof AdminClipSchema>
