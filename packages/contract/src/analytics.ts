import { z } from 'zod'
import { HOUR, SECOND } from './constants.js'
import { blankToUndefined } from './query.js'

/**
 * Product analytics (spec §1 "a product analytics service", §3 Analytics session, §4 its lifetimes,
 * §7 the analytics service's calls, §9 the 30 s timeout). The service is its own role (`analytics`,
 * port `ANALYTICS_PORT`); the web app finds it in the channel's settings
 * (`yare-analytics` → `yare-analytics-key` is the `profile`, `yare-analytics-url` the service's
 * origin; without a url on `localhost` the client sends nothing).
 *
 * Every GET call is also a record of the batched `POST /datalake/batch/` (for `navigator.sendBeacon` on
 * page hide): the same fields, with `kind` naming the call. A record carries `record_id`, a UUID the
 * client makes once and sends again on every retry: the service stores a record id once, so a retry
 * never counts twice. `ts` is the client's clock (ms since 1970) when the record was made; the service
 * uses it for ordering within a view (startup time, stalls) and trusts it for the minute only when it
 * is within `analyticsLimits.clockSkewMs` of its own.
 *
 * Every answer is `{ data }` (design §4); `hash` answers the new session's UUID, the others
 * `{ data: { accepted } }` once what they carried is committed (acknowledged only after commit).
 * Failures: 422 with `{ message, errors }` (a bad value, field by field), 403 "Unknown analytics
 * profile", 413 body too large, 429 too many requests.
 */

/** The service's paths (it answers on its own port, `ANALYTICS_PORT`). */
export const analyticsPaths = {
  hash: '/datalake/hash/',
  session: '/datalake/session/',
  event: '/datalake/event/',
  videoEvent: '/datalake/video/event/',
  videoViewing: '/datalake/video/viewing/',
  /** Many records at once, as JSON (`application/json` or `text/plain`, which `sendBeacon` sends without a preflight). */
  batch: '/datalake/batch/',
  /** Client error reports (spec §7's "external monitoring endpoint"): uncaught errors and API 5xx. */
  error: '/datalake/error/',
} as const

export const analyticsConstants = {
  /** Spec §4 / §9: the analytics session lives 24 hours. */
  sessionLifetimeMs: 24 * HOUR,
  /** Spec §4: the outer tracking value (`trk` from the URL) lives 3 hours. */
  trkLifetimeMs: 3 * HOUR,
  /** Spec §9: request timeout of the analytics calls. */
  requestTimeoutMs: 30 * SECOND,
  /** A viewing heartbeat every 10 s of playback (`viewing_time` = seconds watched since the last one). */
  heartbeatMs: 10 * SECOND,
  /** Storage keys under the `rudy_` prefix (spec §9). */
  storageKeys: { session: 'analytics_session', trk: 'trk' },
  /** The URL query parameter of the outer tracking value. */
  trkParam: 'trk',
  /** A viewer counts as watching "now" when a heartbeat of theirs arrived within this window. */
  concurrentWindowMs: 30 * SECOND,
} as const

export const analyticsLimits = {
  /** Records in one `POST /datalake/batch/`. */
  batchMaxRecords: 200,
  /** Largest request body, bytes (a full batch fits). */
  bodyMaxBytes: 256 * 1024,
  /** Largest `extras` (JSON text), bytes. */
  extrasMaxBytes: 4096,
  /** One heartbeat's `viewing_time` (seconds) at most. */
  viewingTimeMaxS: 60,
  /** A client clock further than this from the service's is not trusted for the minute a record falls in. */
  clockSkewMs: 10 * 60 * SECOND,
} as const

const uuid = z.uuid({ error: 'must be a UUID' })
const text = (max: number) => z.string().trim().max(max, `at most ${max} characters`)
const optionalText = (max: number) => z.preprocess(blankToUndefined, text(max).optional())
const int = (min: number, max: number) =>
  z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(min).max(max)
/** Query strings carry `1`/`0`/`true`/`false`; JSON carries booleans. */
const flag = z.preprocess(
  (v) => (v === '1' || v === 'true' ? true : v === '0' || v === 'false' ? false : v),
  z.boolean({ error: 'must be true or false (1 or 0)' }),
)

/** The channel's analytics key (settings `yare-analytics-key`). */
export const AnalyticsProfileSchema = z
  .string({ error: 'is required' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{4,100}$/, 'must be the channel’s analytics key')

/** Fields every record may carry. */
const recordBase = {
  /** Client-made UUID of the record; the same on every retry (a record id is stored once). */
  record_id: uuid.optional(),
  /** Client clock when the record was made, ms since 1970. */
  ts: z.coerce.number().int().positive().optional(),
}

/** Spec §3 / §7: `GET /datalake/session/`. `session` is the UUID `GET /datalake/hash/` gave. */
export const AnalyticsSessionInputSchema = z.object({
  ...recordBase,
  session: uuid,
  device_type: z.enum(['desktop', 'mobile', 'tablet', 'tv', 'other'], {
    error: 'must be desktop, mobile, tablet, tv or other',
  }),
  user_agent: optionalText(512),
  resolution: z
    .string()
    .regex(/^\d{2,5}x\d{2,5}$/, 'must be width x height, such as 1280x720')
    .optional(),
  platform: z.literal('web', { error: 'must be web' }),
})
export type AnalyticsSessionInput = z.infer<typeof AnalyticsSessionInputSchema>

/** The events of `GET /datalake/event/` (spec §7) and the ecommerce layer's (spec §1) the funnel reads. */
export const AnalyticsEventNameSchema = z.enum(
  [
    'api_request',
    'login',
    'visit_page',
    'view_item_list',
    'begin_checkout',
    'purchase',
    'purchase_success',
    'purchase_failed',
  ],
  { error: 'is not an event the service records' },
)
export type AnalyticsEventName = z.infer<typeof AnalyticsEventNameSchema>

/** Spec §7 api_request: sub_event, request_url, status, error message, lengths. */
export const ApiRequestExtrasSchema = z.object({
  sub_event: text(64),
  request_url: text(2048),
  status: int(0, 599),
  error_message: optionalText(1000),
  request_length: int(0, 1e12).optional(),
  response_length: int(0, 1e12).optional(),
})
/** Spec §7 visit_page: page, authorized flag, timestamp, outer_referrer, from_page. */
export const VisitPageExtrasSchema = z.object({
  page: text(2048).min(1, 'is required'),
  authorized: flag,
  timestamp: z.coerce.number().int().positive(),
  outer_referrer: optionalText(2048),
  from_page: optionalText(2048),
})
export const LoginExtrasSchema = z.object({ method: optionalText(32) })
/** The ecommerce events: what was listed, begun or bought. */
export const CommerceExtrasSchema = z.object({
  item_id: optionalText(64),
  item_name: optionalText(200),
  value: z.coerce.number().min(0).optional(),
  currency: optionalText(3),
})
export const analyticsExtrasSchemas = {
  api_request: ApiRequestExtrasSchema,
  login: LoginExtrasSchema,
  visit_page: VisitPageExtrasSchema,
  view_item_list: CommerceExtrasSchema,
  begin_checkout: CommerceExtrasSchema,
  purchase: CommerceExtrasSchema,
  purchase_success: CommerceExtrasSchema,
  purchase_failed: CommerceExtrasSchema,
} as const satisfies Record<AnalyticsEventName, z.ZodType>

/**
 * Spec §7 `GET /datalake/event/`: `extras` is JSON text on a GET (an object in a batch), checked
 * against the event's own schema above. `trk` is the outer tracking value.
 */
export const AnalyticsEventInputSchema = z.object({
  ...recordBase,
  session_uuid: uuid,
  user_id: optionalText(64),
  user_email: z.preprocess(blankToUndefined, z.email('must be an email').optional()),
  event: AnalyticsEventNameSchema,
  extras: z.unknown().optional(),
  origin_url: optionalText(2048),
  trk: optionalText(200),
})
export type AnalyticsEventInput = z.infer<typeof AnalyticsEventInputSchema>

/** Spec §7 video event names; `first_frame` when none is given. */
export const VideoEventNameSchema = z.enum(
  ['first_frame', 'play', 'pause', 'seek', 'stall_start', 'stall_end', 'quality_change', 'error', 'ended'],
  { error: 'must be first_frame, play, pause, seek, stall_start, stall_end, quality_change, error or ended' },
)
export type VideoEventName = z.infer<typeof VideoEventNameSchema>

/** `live`: an event live now; `replay`: a finished event's recording; `vod`: a library video. */
export const StreamTypeSchema = z.enum(['live', 'replay', 'vod'], { error: 'must be live, replay or vod' })
export type StreamType = z.infer<typeof StreamTypeSchema>

const videoBase = {
  ...recordBase,
  session_uuid: uuid,
  /** One playback of one stream in one page: made when the player starts, kept until it ends. */
  video_view_uuid: uuid,
  /** The event's id (live, replay) or the VOD item's (vod). */
  stream_id: int(1, 2 ** 31 - 1),
  stream_type: StreamTypeSchema,
}

/** Spec §7 `GET /datalake/video/event/`. */
export const VideoEventInputSchema = z.object({
  ...videoBase,
  event: VideoEventNameSchema.default('first_frame'),
  /** Seconds into the stream where it happened. */
  position: z.coerce.number().min(0).optional(),
  /** quality_change: the rendition now playing, e.g. 720p. */
  quality: optionalText(32),
  /** error: what failed, in the player's words. */
  error_message: optionalText(1000),
})
export type VideoEventInput = z.infer<typeof VideoEventInputSchema>

/** Spec §7 `GET /datalake/video/viewing/`: `viewing_time` = seconds watched since the last heartbeat. */
export const VideoViewingInputSchema = z.object({
  ...videoBase,
  viewing_time: z.coerce
    .number({ error: 'must be a number' })
    .positive('must be more than 0')
    .max(analyticsLimits.viewingTimeMaxS, `at most ${analyticsLimits.viewingTimeMaxS} seconds`),
  category: optionalText(200),
  sport: optionalText(200),
  gender: optionalText(32),
  school: optionalText(200),
  league: optionalText(200),
})
export type VideoViewingInput = z.infer<typeof VideoViewingInputSchema>

/** Query of every GET call: the call's record plus `profile`. */
export const withProfile = <T extends z.ZodRawShape>(schema: z.ZodObject<T>) =>
  schema.extend({ profile: AnalyticsProfileSchema })

/** One record of `POST /datalake/batch/`: `kind` names the call it stands for. */
export const AnalyticsBatchRecordSchema = z.discriminatedUnion('kind', [
  AnalyticsSessionInputSchema.extend({ kind: z.literal('session') }),
  AnalyticsEventInputSchema.extend({ kind: z.literal('event') }),
  VideoEventInputSchema.extend({ kind: z.literal('video_event') }),
  VideoViewingInputSchema.extend({ kind: z.literal('video_viewing') }),
])
export type AnalyticsBatchRecord = z.infer<typeof AnalyticsBatchRecordSchema>

/** `POST /datalake/batch/` body. */
export const AnalyticsBatchSchema = z.object({
  profile: AnalyticsProfileSchema,
  records: z
    .array(z.unknown())
    .min(1, 'at least one record')
    .max(analyticsLimits.batchMaxRecords, `at most ${analyticsLimits.batchMaxRecords} records`),
})

/** `POST /datalake/error/`: a client error report, kept once per session and fingerprint. */
export const ClientErrorReportSchema = z.object({
  profile: AnalyticsProfileSchema,
  record_id: uuid.optional(),
  session_uuid: uuid.optional(),
  /** `error`: window.onerror; `unhandledrejection`; `api`: an API answer of 5xx. */
  kind: z.enum(['error', 'unhandledrejection', 'api'], { error: 'must be error, unhandledrejection or api' }),
  message: text(1000).min(1, 'is required'),
  stack: optionalText(8000),
  /** The page's URL. */
  url: optionalText(2048),
  /** api: the call and its status. */
  request_url: optionalText(2048),
  status: int(0, 599).optional(),
  /** The web app's build, when known. */
  release: optionalText(64),
})
export type ClientErrorReport = z.infer<typeof ClientErrorReportSchema>

/** Every call but `hash`: what the service committed (a retried record counts as accepted again). */
export const AnalyticsAckSchema = z.object({ data: z.object({ accepted: z.number().int().nonnegative() }) })
export type AnalyticsAck = z.infer<typeof AnalyticsAckSchema>
/** `GET /datalake/hash/`: a new session's UUID in `data`. */
export const AnalyticsHashSchema = z.object({ data: z.string() })

/** The service's refusals (read by developers and logs; viewers never see them). */
export const analyticsMessages = {
  profileRequired: 'profile is required: the channel’s analytics key',
  unknownProfile: 'Unknown analytics profile',
  extrasNotJson: 'extras must be a JSON object',
} as const

// ── The console's reports (`/api/admin/analytics/…`, resource `analytics`) ──

/** `from`/`to`: ms since 1970; by default the last three hours. At most 31 days. */
export const AnalyticsRangeQuerySchema = z.object({
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
})
export type AnalyticsRangeQuery = z.infer<typeof AnalyticsRangeQuerySchema>
export const analyticsRangeMaxMs = 31 * 24 * HOUR

/** One minute of a stream: distinct viewers with a heartbeat in it, minutes watched. */
export const StreamMinuteSchema = z.object({
  /** Start of the minute, ms since 1970. */
  minute: z.number(),
  viewers: z.number().int(),
  viewing_minutes: z.number(),
})
export const CountSchema = z.object({ name: z.string(), viewers: z.number().int() })

/** `GET /api/admin/analytics/streams`: `type` event (its live and replay viewing) or vod, and `id`; without an id, all of the channel's viewing. */
export const StreamReportQuerySchema = AnalyticsRangeQuerySchema.extend({
  type: z.enum(['event', 'vod'], { error: 'must be event or vod' }).default('event'),
  id: z.coerce.number().int().positive().optional(),
})
export type StreamReportQuery = z.infer<typeof StreamReportQuerySchema>

export const StreamReportSchema = z.object({
  stream_type: z.enum(['event', 'vod']).nullable(),
  stream_id: z.number().int().nullable(),
  from: z.number(),
  to: z.number(),
  /** Distinct viewers with a heartbeat in the last `concurrentWindowMs`. */
  viewers_now: z.number().int(),
  unique_viewers: z.number().int(),
  viewing_minutes: z.number(),
  startup_ms: z.object({ p50: z.number().nullable(), p95: z.number().nullable(), count: z.number().int() }),
  rebuffer_percent: z.number().nullable(),
  failure_percent: z.number().nullable(),
  views: z.number().int(),
  countries: z.array(CountSchema),
  devices: z.array(CountSchema),
  minutes: z.array(StreamMinuteSchema),
})
export type StreamReport = z.infer<typeof StreamReportSchema>

/** `GET /api/admin/analytics/channel`: visits, sessions, the funnel, the most watched streams. */
export const ChannelReportSchema = z.object({
  from: z.number(),
  to: z.number(),
  visits: z.number().int(),
  sessions: z.number().int(),
  /** Distinct sessions at each step: visit → item list → begin checkout → purchase (a paid one). */
  funnel: z.object({
    visit: z.number().int(),
    item_list: z.number().int(),
    begin_checkout: z.number().int(),
    purchase: z.number().int(),
  }),
  minutes: z.array(z.object({ minute: z.number(), visits: z.number().int(), sessions: z.number().int() })),
  top_streams: z.array(
    z.object({
      stream_type: StreamTypeSchema,
      stream_id: z.number().int(),
      viewing_minutes: z.number(),
      viewers: z.number().int(),
    }),
  ),
  errors: z.array(
    z.object({
      kind: z.string(),
      message: z.string(),
      url: z.string().nullable(),
      request_url: z.string().nullable(),
      status: z.number().nullable(),
      at: z.number(),
    }),
  ),
})
export type ChannelReport = z.infer<typeof ChannelReportSchema>

/** `GET`/`PUT /api/admin/analytics/retention`: days the channel's records are kept. */
export const AnalyticsRetentionSchema = z.object({
  days: z.coerce.number().int('must be a whole number').min(1, 'at least 1 day').max(3650, 'at most 3650 days'),
})
export type AnalyticsRetention = z.infer<typeof AnalyticsRetentionSchema>
