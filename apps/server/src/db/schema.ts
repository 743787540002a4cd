import type { Generated, Insertable, Selectable, Updateable } from 'kysely'

/**
 * Table types. Timestamps are epoch milliseconds (bigint in PostgreSQL, parsed to number; integer in
 * SQLite) so comparisons and sorting behave the same on both databases. JSON is stored as text.
 */
export interface ChannelTable {
  id: Generated<number>
  key: string
  name: string
  logo: string | null
  language: string
  currency: string
  google_tag: string | null
  yare_analytics_key: string | null
  /** JSON object: routes, domain_category, contact, social. */
  settings: string
  /** Bumped by every write to the channel's content; caches compare it. */
  content_version: Generated<number>
  /** IANA time zone: the console's default for new events. */
  time_zone: Generated<string>
  /** Product analytics records older than this are deleted (decision 0032). */
  analytics_retention_days: Generated<number>
  created_at: number
  updated_at: number
}

/** Host names of a channel (white-label domains); one serves the channel once verified (decision 0041). */
export interface ChannelDomainTable {
  id: Generated<number>
  channel_id: number
  host: string
  /** When the domain was proven the channel's (null: pending, it does not serve the channel). */
  verified_at: number | null
  /** The value of the TXT record `_fieldhouse-challenge.{host}` that proves a pending domain. */
  challenge: string | null
  /** The last check of the record (checks are spaced). */
  checked_at: number | null
  created_at: Generated<number>
}

export interface ColorSettingTable {
  id: Generated<number>
  channel_id: number
  client_interface: string
  name: string
  value: string
}

export interface MenuItemTable {
  id: Generated<number>
  channel_id: number
  name: string
  alias: string | null
  url: string
  image: string | null
  /** JSON array of image URLs. */
  images: string
  placement: 'header' | 'footer' | 'both'
  menuable_type: 'link' | 'group' | 'participant'
  menuable_id: number | null
  position: number
}

export interface PageTable {
  id: Generated<number>
  channel_id: number
  url: string
  alt_name: string
  name: string
  content: string
  position: number
}

export interface SlideTable {
  id: Generated<number>
  channel_id: number
  client_interface: string
  slidable_type: 'main' | 'category' | 'participant' | 'group'
  slidable_id: number | null
  title: string
  subtitle: string | null
  image: string | null
  link: string | null
  position: number
}

export interface FaqTable {
  id: Generated<number>
  channel_id: number
  question: string
  answer: string
  position: number
}

export interface StaticBlockTable {
  id: Generated<number>
  channel_id: number
  alias: string
  title: string
  content: string
  position: number
}

export interface ApiKeyTable {
  id: Generated<number>
  channel_id: number
  /** SHA-256 of the key, hex. The key itself is never stored. */
  key_hash: string
  user_id: number | null
  created_at: number
  expires_at: number
  revoked_at: number | null
}

/** A signed-in device's hold on one of its account's simultaneous streams (decision 0031). */
export interface StreamLeaseTable {
  id: Generated<number>
  channel_id: number
  user_id: number
  /** The api key row: one signed-in browser. */
  session_id: number
  device: string
  started_at: number
  expires_at: number
  ended_reason: 'stopped' | 'replaced' | null
}

export interface UserTable {
  id: Generated<number>
  channel_id: number
  email: string
  /** `scrypt$logN$r$p$salt$hash`; null for an account that only signs in through a provider. */
  password_hash: string | null
  first_name: string
  last_name: string
  news: number
  temporary_password: number
  email_verified_at: number | null
  /** JSON array of capability names. */
  capabilities: string
  trial_period_used: number
  /** Epoch ms an operator blocked the account (migration 0019); null when not blocked. */
  blocked_at: Generated<number | null>
  created_at: number
  updated_at: number
}

export type TokenPurpose = 'verify' | 'reset' | 'delete' | 'session'

/** One-time secrets sent by mail or handed to the social callback; only their hash is kept. */
export interface AuthTokenTable {
  id: Generated<number>
  user_id: number
  purpose: TokenPurpose
  token_hash: string
  created_at: number
  expires_at: number
  used_at: number | null
}

export interface UserIdentityTable {
  id: Generated<number>
  user_id: number
  provider: string
  subject: string
}

export interface CustomFormTable {
  id: Generated<number>
  channel_id: number
  alias: string
  /** JSON array of { name, default }. */
  fields: string
  /** 1: shown to viewers; 0: switched off in the console, answers kept (decision 0023). */
  enabled: Generated<number>
}

export interface CustomFormValueTable {
  id: Generated<number>
  form_id: number
  user_id: number
  name: string
  value: string | null
}

export interface OAuthFlowTable {
  id: Generated<number>
  channel_id: number
  /** The api key that started the flow: only it may turn the session code into a session. */
  api_key_id: number
  provider: string
  state_hash: string
  code_verifier: string
  nonce: string
  origin: string
  redirect_path: string | null
  terms: number
  news: number
  created_at: number
  expires_at: number
  used_at: number | null
  user_id: number | null
  session_code_hash: string | null
  session_code_expires_at: number | null
  session_code_used_at: number | null
}

export interface EventCategoryTable {
  id: Generated<number>
  channel_id: number
  parent_id: number | null
  name: string
  alias: string
  position: number
}

export interface EventLocationTable {
  id: Generated<number>
  channel_id: number
  name: string
  city: string
  state: string
  address: string | null
  time_zone: string
}

export interface ParticipantGroupTable {
  id: Generated<number>
  channel_id: number
  name: string
  short_name: string
  alias: string
  images: string
  properties: string
  position: number
}

export interface ParticipantTable {
  id: Generated<number>
  channel_id: number
  group_id: number | null
  category_id: number | null
  name: string
  short_name: string
  alias: string
  images: string
  color: string | null
  /** M or W */
  gender: string | null
  properties: string
}

export interface EventTable {
  id: Generated<number>
  channel_id: number
  name: string
  description: string | null
  access_mode: 'free' | 'paid' | 'register' | 'ppv'
  event_utc_ts: number
  time_zone: string
  event_category_id: number | null
  location_id: number | null
  stream_status: 'upcoming' | 'live' | 'vod'
  base_price: number
  service_fee: number
  geo_rules: string
  /** What the encoder publishes to (rtmp://host/live/{stream_key}); a secret of the operator's. */
  stream_key: string | null
  created_at: number
  updated_at: number
  /** The revision of the event's calendar entry (`SEQUENCE`), bumped by each save. */
  calendar_sequence: Generated<number>
}

/** A game the operator cancelled (deleted before it was played), kept for the calendar feeds (decision 0055). */
export interface CalendarCancellationTable {
  event_id: number
  /** With the id, what makes the game's UID (SQLite may give a later event the same id). */
  event_created_at: number
  channel_id: number
  name: string
  event_utc_ts: number
  time_zone: string
  location: string | null
  category_id: number | null
  /** JSON arrays of ids: whose feeds the game was in. */
  participant_ids: string
  group_ids: string
  sequence: number
  cancelled_at: number
}

/** A viewer's private follows feed: its link carries `version`, so renewing bumps it (decision 0055). */
export interface CalendarLinkTable {
  user_id: number
  version: number
  /** 1 while the link works; 0 once the viewer turned it off. */
  active: number
  updated_at: number
}

/** A viewer's alert settings (decision 0056); a viewer without a row has the defaults. */
export interface NotificationSettingsTable {
  user_id: number
  email: number
  push: number
  go_live: number
  /** Minutes before the start a reminder goes; null: none. */
  reminder_minutes: number | null
  spoiler_free: number
  /** `HH:MM` on the viewer's clock, or null (no quiet hours). */
  quiet_start: string | null
  quiet_end: string | null
  time_zone: string
  updated_at: number
}

/** A browser that takes a viewer's push alerts (its `PushSubscription`). */
export interface PushSubscriptionTable {
  id: Generated<number>
  user_id: number
  endpoint: string
  p256dh: string
  auth: string
  created_at: number
}

/** One fan-out of a game's alerts of one kind (`go_live`, `reminder:30`): made once, whatever retries. */
export interface AlertRunTable {
  event_id: number
  kind: string
  channel_id: number
  started_at: number
  fanned_out_at: number | null
  recipients: Generated<number>
}

/** A scored game (decision 0057): its sport, offset, status and version, and its score now. */
export interface ScoreGameTable {
  event_id: number
  channel_id: number
  /** A key of the contract's SPORTS; null: the sport of the event's top-level category. */
  sport: string | null
  offset_ms: Generated<number>
  status: 'pending' | 'live' | 'final'
  version: Generated<number>
  home: Generated<number>
  away: Generated<number>
  period: Generated<number>
  final_at: number | null
  updated_at: number
}

/** One action of a game's score log, on the stream's clock (`stream_ms`). */
export interface ScoreActionTable {
  id: Generated<number>
  channel_id: number
  event_id: number
  /** The sender's id of the action (a UUID): one row per game and uid. */
  uid: string
  type: 'score' | 'period' | 'clock' | 'tag' | 'undo' | 'final'
  side: 'home' | 'away' | null
  scoring: string | null
  points: number | null
  period: number | null
  /** 1 or 0 for a clock action; null otherwise. */
  running: number | null
  clock_ms: number | null
  tag: string | null
  target: string | null
  stream_ms: number
  source: 'scorer' | 'feed' | 'demo' | 'suggestion'
  user_id: number | null
  created_at: number
}

/** A play the scorer may have missed (decision 0057): a cheer heard at a moment of the stream's clock. */
export interface ScoreSuggestionTable {
  id: Generated<number>
  channel_id: number
  event_id: number
  /** The cheer's moment on the stream's clock, in ms (no offset applied). */
  stream_ms: number
  /** How far the crowd's loudness rose over its recent median, in LU. */
  rise_lu: number
  status: Generated<'open' | 'accepted' | 'dismissed'>
  /** The tag action an accepted one became. */
  action_uid: string | null
  created_at: number
  decided_at: number | null
}

/** A channel's score feed: the generation its secret is derived with (rotating bumps it). */
export interface ScoreFeedTable {
  channel_id: number
  generation: number
  rotated_at: number
}

export type AlertSendStatus = 'queued' | 'sending' | 'sent' | 'failed'

/** One alert to one viewer (one browser, for push): unique, so a retry never sends twice. */
export interface AlertSendTable {
  id: Generated<number>
  channel_id: number
  event_id: number
  user_id: number
  kind: 'reminder' | 'go_live'
  via: 'email' | 'push'
  /** The push subscription's id; 0 for mail. */
  target: number
  status: AlertSendStatus
  error: string | null
  created_at: number
  sending_at: number | null
  sent_at: number | null
  opened_at: number | null
  clicked_at: number | null
}

export interface EventParticipantTable {
  event_id: number
  participant_id: number
  side: 'home' | 'away'
}

export interface VodCategoryTable {
  id: Generated<number>
  channel_id: number
  name: string
  alias: string
  position: number
}

export interface VodItemTable {
  id: Generated<number>
  channel_id: number
  category_id: number | null
  title: string
  description: string | null
  date: number
  duration: number
  assets: string
  access_mode: Generated<'free' | 'register' | 'paid'>
}

export interface VodRailTable {
  id: Generated<number>
  channel_id: number
  title: string
  position: number
}

export interface VodRailItemTable {
  rail_id: number
  item_id: number
  position: number
}

export interface FavoriteTable {
  id: Generated<number>
  user_id: number
  favoritable_type: 'participant' | 'group' | 'category'
  favoritable_id: number
  created_at: number
  /** 1: the followed thing's games alert (decision 0056); 0: followed quietly. */
  alerts: Generated<number>
}

export type MediaOwnerType = 'event' | 'vod' | 'preroll'
export type MediaAssetStatus = 'processing' | 'live' | 'ready' | 'failed'

/** One folder under the media store: an encode (upload, demo) or a live recording. */
export interface MediaAssetTable {
  id: Generated<number>
  channel_id: number
  owner_type: MediaOwnerType
  owner_id: number
  source: 'upload' | 'live' | 'demo'
  status: MediaAssetStatus
  /** 0–100 */
  progress: number
  /** Seconds. */
  duration: number | null
  error: string | null
  created_at: number
  updated_at: number
}

/** A recording played as an event's live broadcast from a start time (decision 30). */
export interface PremiereTable {
  id: Generated<number>
  channel_id: number
  event_id: number
  /** The finished recording (an event's replay or a library video) whose segments are listed. */
  asset_id: number
  starts_at: number
  duration_ms: number
  /** The next showing starts this long after the previous one started; null: shown once. */
  repeat_every_ms: number | null
  created_at: number
  updated_at: number
}

/** A resumable upload from the console (decision 20): its bytes are in the tus store until complete. */
export interface UploadTable {
  /** The tus upload id. */
  id: string
  channel_id: number
  user_id: number | null
  target: 'event' | 'vod' | 'preroll'
  /** The event, VOD item or pre-roll; null for a new VOD item or pre-roll until the upload completes. */
  target_id: number | null
  /** A new VOD item's title. */
  title: string | null
  filename: string | null
  size: number
  status: 'uploading' | 'processing' | 'ready' | 'failed'
  asset_id: number | null
  error: string | null
  created_at: number
  updated_at: number
}
export type UploadRow = Selectable<UploadTable>

/** A file of an asset, with the spec's media type id. */
export interface MediaTable {
  id: Generated<number>
  channel_id: number
  asset_id: number
  owner_type: MediaOwnerType
  owner_id: number
  type_id: number
  path: string
  created_at: number
}

export type ClipStatusValue = 'queued' | 'processing' | 'ready' | 'failed'

/** A viewer's clip of an event's recording (decision 16). */
export interface ClipTable {
  id: Generated<number>
  channel_id: number
  user_id: number
  uuid: string
  /** The event it is of; null for a clip of a library video. */
  event_id: number | null
  /** The library video (VOD item) it is of: the API's `vod_media_item_id`; null for an event's clip. */
  vod_item_id: number | null
  /** The recording (media asset) it is cut from: the API's `event_media_id`. */
  asset_id: number
  name: string
  /** JSON array of tag names. */
  tags: string
  start_time: number
  duration: number
  status: ClipStatusValue
  failure_reason: string | null
  bytes: number
  created_at: number
  updated_at: number
  /** 1 for a clip of the channel's own (a key play, migration 0028); 0 for a viewer's. */
  official: Generated<number>
  /** The stream's clock (ms) at the clip's first picture; null when unknown. */
  programme_start: Generated<number | null>
}

/** A moment of a game worth a clip (decision 0058): from a tag the scorer tapped, or a score. */
export interface KeyPlayTable {
  id: Generated<number>
  channel_id: number
  event_id: number
  action_uid: string
  kind: 'tag' | 'score'
  label: string
  tag: string | null
  side: 'home' | 'away' | null
  /** The moment on the stream's clock (ms), the game's offset applied. */
  moment_ms: number
  before_s: number
  after_s: number
  /** Seconds into the game's recording, once it holds the moment. */
  position: number | null
  home: number
  away: number
  period: number
  clip_id: number | null
  status: 'waiting' | 'cutting' | 'ready' | 'failed'
  created_at: number
  updated_at: number
}

/** A final game's key plays joined into one library video (decision 0058). */
export interface HighlightReelTable {
  event_id: number
  channel_id: number
  status: 'waiting' | 'making' | 'ready' | 'failed'
  vod_item_id: number | null
  title: string
  /** JSON: [{ start, title }] */
  chapters: string
  duration: number | null
  error: string | null
  created_at: number
  updated_at: number
}

/** A tag a channel offers for clips: for one sport, or for all (`event_category_id` null). */
export interface ClipTagTable {
  id: Generated<number>
  channel_id: number
  event_category_id: number | null
  name: string
  position: number
}

/** One granted download (a clip's MP4 or an event's), counted in `featureCount.downloads`. */
export interface DownloadTable {
  id: Generated<number>
  channel_id: number
  user_id: number
  kind: 'clip' | 'event'
  target_id: number
  created_at: number
}

export type JobStatus = 'queued' | 'running' | 'done' | 'failed'

export interface JobTable {
  id: Generated<number>
  kind: string
  /** JSON */
  payload: string
  status: JobStatus
  dedupe_key: string | null
  attempts: number
  max_attempts: number
  run_after: number
  locked_by: string | null
  locked_until: number | null
  progress: number
  error: string | null
  created_at: number
  updated_at: number
  /** The channel the job works for (its fair share of batch slots); none for housekeeping. */
  channel_id: number | null
}

export interface PrerollTable {
  id: Generated<number>
  channel_id: number
  url: string
  weight: number
  location_id: number | null
  /** JSON array of category ids. */
  event_categories: string
  for_vod: number
  for_live: number
  created_at: number
}

export type PassKind = 'subscription' | 'package' | 'event' | 'addon'

export interface PassTable {
  id: Generated<number>
  channel_id: number
  kind: PassKind
  name: string
  description: string | null
  price: number
  base_price: number
  service_fee: number
  image: string | null
  offer: string | null
  period: 'annual' | 'month' | 'monthly' | null
  trial_period: number
  pass_type: 'regular' | 'addition'
  is_team_pass: number
  /** JSON arrays of ids. */
  event_categories: string
  participants: string
  event_id: number | null
  /** JSON array of capability names. */
  capabilities: string
  weight: number
  created_at: number
  /** Set when the console retires a sold pass: no longer on sale, its orders keep it (decision 0035). */
  retired_at: Generated<number | null>
  stripe_product_id: Generated<string | null>
  /** The Stripe price new checkouts use; a price change makes a new one. */
  stripe_price_id: Generated<string | null>
  idempotency_key: Generated<string | null>
}

export interface BundleTable {
  id: Generated<number>
  channel_id: number
  name: string
  price: number
  base_price: number
  service_fee: number
  /** JSON array of pass ids; the first is the checkout's lead order. */
  pass_ids: string
  /** Console fields (migration 0021, decision 0040). */
  image: Generated<string | null>
  weight: Generated<number>
  /** Set when the console retires a sold bundle: off sale, its orders keep it. */
  retired_at: Generated<number | null>
  created_at: Generated<number | null>
  idempotency_key: Generated<string | null>
}

export interface CouponTable {
  id: Generated<number>
  channel_id: number
  code: string
  percent_off: number | null
  amount_off: number | null
  applies_to: string
  expires_at: number | null
  max_redemptions: number | null
  redemptions: number
  valid_from: Generated<number | null>
  /** Redemptions one viewer may make; null: no cap. */
  max_per_viewer: Generated<number | null>
  /** A subscription's discount: `once` (the first payment) or `repeating` (every renewal for `duration_months`). */
  duration: Generated<'once' | 'repeating'>
  duration_months: Generated<number | null>
  retired_at: Generated<number | null>
  idempotency_key: Generated<string | null>
}

export type OrderStatus = 'created' | 'paid' | 'failed' | 'refunded'
export type OrderActivity = 'active' | 'inactive' | 'expired' | 'canceled'

export interface OrderTable {
  id: Generated<number>
  channel_id: number
  user_id: number
  pass_id: number
  bundle_id: number | null
  type: 'event' | 'package' | 'subscription'
  status: OrderStatus
  activity_status: OrderActivity
  amount: number
  discount: number
  service_fee: number
  currency: string
  coupon_code: string | null
  event_id: number | null
  event_category_id: number | null
  participant_id: number | null
  gateway: 'test' | 'stripe'
  idempotency_key: string
  provider_payment_id: string | null
  provider_subscription_id: string | null
  period_end: number | null
  trial_ends_at: number | null
  auto_renew: number
  failure_message: string | null
  provider_updated_at: number
  /** What the open checkout pays with (card id, or last four and expiry); null on orders before 0007. */
  checkout_terms: string | null
  /** 1: granted in the console for nothing (migration 0019). */
  complimentary: Generated<number>
  created_at: number
  updated_at: number
}

export interface TransactionTable {
  id: Generated<number>
  channel_id: number
  user_id: number
  order_id: number
  type: 'New subscription' | 'Subscription Renewal' | 'Purchase'
  amount: number
  currency: string
  status: 'paid' | 'failed'
  provider_ref: string
  created_at: number
}

export interface PaymentCustomerTable {
  user_id: number
  gateway: 'test' | 'stripe'
  customer_id: string
}

export interface TestGatewayCardTable {
  id: string
  customer_id: string
  number: string
  brand: string
  last4: string
  exp_month: number
  exp_year: number
  created_at: number
}

export interface TestGatewayPaymentTable {
  id: string
  idempotency_key: string
  order_id: number
  amount: number
  status: 'succeeded' | 'failed'
  failure_message: string | null
  /** Upper-case ISO code; null on payments before migration 0007. */
  currency: string | null
  /** The card's brand and last four digits (migration 0019; null before). */
  card_brand: Generated<string | null>
  card_last4: Generated<string | null>
  created_at: number
}

export interface TestGatewayRefundTable {
  id: string
  idempotency_key: string
  payment_id: string
  amount: number
  created_at: number
}

export interface RefundTable {
  id: Generated<number>
  channel_id: number
  order_id: number
  amount: number
  currency: string
  reason: string
  status: 'pending' | 'succeeded' | 'failed'
  failure_message: string | null
  provider_refund_id: string | null
  idempotency_key: string
  user_id: number | null
  user_email: string | null
  created_at: number
  updated_at: number
}

export interface ConsoleActionTable {
  id: Generated<number>
  channel_id: number
  idempotency_key: string
  action: string
  result: string | null
  created_at: number
}

export interface PaymentEventTable {
  id: Generated<number>
  gateway: 'test' | 'stripe'
  provider_event_id: string
  type: string
  order_id: number | null
  payload: string
  received_at: number
}

export type OperatorRoleColumn = 'owner' | 'manager' | 'producer' | 'support' | 'scorer'

export interface ChannelOperatorTable {
  id: Generated<number>
  channel_id: number
  user_id: number
  role: OperatorRoleColumn
  created_at: number
  updated_at: number
}

export interface OperatorInvitationTable {
  id: Generated<number>
  channel_id: number
  email: string
  role: OperatorRoleColumn
  /** SHA-256 of the token the link carries. */
  token_hash: string
  invited_by: number | null
  created_at: number
  expires_at: number
  used_at: number | null
}

export interface AuditLogTable {
  id: Generated<number>
  channel_id: number
  user_id: number | null
  user_email: string | null
  resource: string
  resource_id: string | null
  action: string
  /** JSON of the resource before and after the write. */
  before: string | null
  after: string | null
  created_at: number
}

export interface OperatorTotpTable {
  user_id: number
  /** Encrypted (AES-256-GCM) base32 secret. */
  secret: string
  enabled_at: number | null
  last_step: Generated<number>
  created_at: number
}

export interface OperatorSessionFactorTable {
  api_key_id: number
  verified_at: number
}

/** Product analytics (decision 0032): a session of `GET /datalake/session/`. */
export interface AnalyticsSessionTable {
  id: Generated<number>
  channel_id: number
  session_uuid: string
  device_type: string
  user_agent: string | null
  resolution: string | null
  platform: string
  country_code: string | null
  at: number
}

/** One event, video event or viewing heartbeat (`kind`), stored once per `record_id`. */
export interface AnalyticsRecordTable {
  id: Generated<number>
  channel_id: number
  record_id: string
  kind: 'event' | 'video_event' | 'video_viewing'
  name: string
  session_uuid: string
  at: number
  client_ts: number | null
  received_at: number
  user_id: string | null
  email_hash: string | null
  country_code: string | null
  stream_type: string | null
  stream_id: number | null
  view_uuid: string | null
  value: number | null
  page: string | null
  origin_url: string | null
  trk: string | null
  extras: string | null
}

/** A client error report, kept once per session and fingerprint. */
export interface AnalyticsErrorTable {
  id: Generated<number>
  channel_id: number
  session_uuid: string
  fingerprint: string
  kind: string
  message: string
  stack: string | null
  url: string | null
  request_url: string | null
  status: number | null
  release: string | null
  country_code: string | null
  at: number
}

export interface Database {
  analytics_sessions: AnalyticsSessionTable
  analytics_records: AnalyticsRecordTable
  analytics_errors: AnalyticsErrorTable
  channel_operators: ChannelOperatorTable
  operator_invitations: OperatorInvitationTable
  audit_log: AuditLogTable
  operator_totp: OperatorTotpTable
  operator_session_factors: OperatorSessionFactorTable
  passes: PassTable
  bundles: BundleTable
  coupons: CouponTable
  orders: OrderTable
  transactions: TransactionTable
  payment_customers: PaymentCustomerTable
  test_gateway_cards: TestGatewayCardTable
  test_gateway_payments: TestGatewayPaymentTable
  payment_events: PaymentEventTable
  test_gateway_refunds: TestGatewayRefundTable
  refunds: RefundTable
  console_actions: ConsoleActionTable
  media_assets: MediaAssetTable
  premieres: PremiereTable
  uploads: UploadTable
  media: MediaTable
  jobs: JobTable
  clips: ClipTable
  clip_tags: ClipTagTable
  downloads: DownloadTable
  prerolls: PrerollTable
  event_categories: EventCategoryTable
  event_locations: EventLocationTable
  participant_groups: ParticipantGroupTable
  participants: ParticipantTable
  events: EventTable
  calendar_cancellations: CalendarCancellationTable
  calendar_links: CalendarLinkTable
  notification_settings: NotificationSettingsTable
  push_subscriptions: PushSubscriptionTable
  alert_runs: AlertRunTable
  alert_sends: AlertSendTable
  score_games: ScoreGameTable
  score_actions: ScoreActionTable
  score_feeds: ScoreFeedTable
  score_suggestions: ScoreSuggestionTable
  key_plays: KeyPlayTable
  highlight_reels: HighlightReelTable
  event_participants: EventParticipantTable
  vod_categories: VodCategoryTable
  vod_items: VodItemTable
  vod_rails: VodRailTable
  vod_rail_items: VodRailItemTable
  favorites: FavoriteTable
  oauth_flows: OAuthFlowTable
  users: UserTable
  auth_tokens: AuthTokenTable
  user_identities: UserIdentityTable
  custom_forms: CustomFormTable
  custom_form_values: CustomFormValueTable
  channels: ChannelTable
  channel_domains: ChannelDomainTable
  color_settings: ColorSettingTable
  menu_items: MenuItemTable
  pages: PageTable
  slides: SlideTable
  faqs: FaqTable
  static_blocks: StaticBlockTable
  api_keys: ApiKeyTable
  stream_leases: StreamLeaseTable
}

export type ChannelRow = Selectable<ChannelTable>
export type EventRow = Selectable<EventTable>
export type NewChannel = Insertable<ChannelTable>
export type ChannelUpdate = Updateable<ChannelTable>
export type ApiKeyRow = Selectable<ApiKeyTable>

export type UserRow = Selectable<UserTable>
export type MediaAssetRow = Selectable<MediaAssetTable>
export type PremiereRow = Selectable<PremiereTable>
export type ScoreGameRow = Selectable<ScoreGameTable>
export type ScoreActionRow = Selectable<ScoreActionTable>
export type ScoreSuggestionRow = Selectable<ScoreSuggestionTable>
export type MediaRow = Selectable<MediaTable>
export type JobRow = Selectable<JobTable>
export type ClipRow = Selectable<ClipTable>
export type ClipTagRow = Selectable<ClipTagTable>
export type PrerollRow = Selectable<PrerollTable>
export type VodItemRow = Selectable<VodItemTable>
export type PassRow = Selectable<PassTable>
export type OrderRow = Selectable<OrderTable>
export type CouponRow = Selectable<CouponTable>
export type BundleRow = Selectable<BundleTable>
export type TransactionRow = Selectable<TransactionTable>
