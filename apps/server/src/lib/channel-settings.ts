import {
  type ChannelRoute,
  clipDefaults,
  type StreamSettings,
  StreamSettingsSchema,
  streamDefaults,
  uploadDefaults,
} from '@fieldhouse/contract'
import type { ChannelRow } from '../db/schema.js'
import { parseJson } from './json.js'

/** What `channels.settings` (JSON) may hold. Unknown keys are ignored. */
export interface ChannelSettingsJson {
  routes?: ChannelRoute[]
  domain_category?: { alias?: string | null; fallback_url?: string | null }
  contact?: { email?: string | null; phone?: string | null; address?: string | null }
  social?: Record<string, string>
  /** Countries the channel's content may or may not be watched in. */
  geo?: { allow?: string[]; block?: string[] }
  /** reCAPTCHA: the site key is public; the secret never leaves the server. */
  recaptcha?: { site_key?: string | null; secret?: string | null }
  /** Clip limits (decision 16); each missing one takes its default from `clipDefaults`. */
  clips?: {
    max_duration_sec?: number
    per_user_per_hour?: number
    storage_per_user_bytes?: number
    /** Whether a shared clip of a paid game plays for anyone with the link. */
    share_public?: boolean
    score_key_plays?: boolean
  }
  /** Simultaneous streams per account (decision 0031); defaults from `streamDefaults`. */
  streams?: Partial<StreamSettings>
  /** Upload limits (docs/security.md); each missing one takes its default from `uploadDefaults`. */
  uploads?: { max_duration_sec?: number; open_bytes?: number }
}

/** The channel's settings, or none when they do not parse. */
export const channelSettingsOf = (channel: Pick<ChannelRow, 'settings'>) =>
  parseJson<ChannelSettingsJson>(channel.settings, {})

/** The channel's geo rules. */
export const geoRulesOf = (channel: ChannelRow) => channelSettingsOf(channel).geo

/** The channel's reCAPTCHA secret, when it requires the human check. */
export const recaptchaSecretOf = (channel: ChannelRow): string | null =>
  channelSettingsOf(channel).recaptcha?.secret ?? null

/** The channel's clip limits, with the defaults where it sets none (decision 16). */
export function clipSettingsOf(channel: Pick<ChannelRow, 'settings'>) {
  const c = channelSettingsOf(channel).clips ?? {}
  const positive = (v: unknown, fallback: number) =>
    typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : fallback
  return {
    maxDurationSec: positive(c.max_duration_sec, clipDefaults.maxDurationSec),
    minDurationSec: clipDefaults.minDurationSec,
    perUserPerHour: Math.floor(positive(c.per_user_per_hour, clipDefaults.perUserPerHour)),
    storagePerUserBytes: positive(c.storage_per_user_bytes, clipDefaults.storagePerUserBytes),
    sharePublic: typeof c.share_public === 'boolean' ? c.share_public : clipDefaults.sharePublic,
    scoreKeyPlays: c.score_key_plays === true,
  }
}
export type ClipSettings = ReturnType<typeof clipSettingsOf>

/** How many streams one account may watch at once (0: no limit) and what happens over it (decision 0031). */
export function streamSettingsOf(channel: ChannelRow): StreamSettings {
  const parsed = StreamSettingsSchema.partial().safeParse(channelSettingsOf(channel).streams ?? {})
  const s = parsed.success ? parsed.data : {}
  return { limit: s.limit ?? streamDefaults.limit, over_limit: s.over_limit ?? streamDefaults.over_limit }
}

/** The channel's upload limits: the longest video, and what its uploads under way may add up to. */
export function uploadSettingsOf(settings: ChannelSettingsJson) {
  const u = settings.uploads ?? {}
  const positive = (v: unknown, fallback: number) =>
    typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : fallback
  return {
    maxDurationSec: positive(u.max_duration_sec, uploadDefaults.maxDurationSec),
    openBytes: positive(u.open_bytes, uploadDefaults.openBytes),
  }
}
export type UploadSettings = ReturnType<typeof uploadSettingsOf>
