import type { ChannelRoute } from '@fieldhouse/contract'
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
}

/** The channel's settings, or none when they do not parse. */
export const channelSettingsOf = (channel: ChannelRow) => parseJson<ChannelSettingsJson>(channel.settings, {})

/** The channel's geo rules. */
export const geoRulesOf = (channel: ChannelRow) => channelSettingsOf(channel).geo

/** The channel's reCAPTCHA secret, when it requires the human check. */
export const recaptchaSecretOf = (channel: ChannelRow): string | null =>
  channelSettingsOf(channel).recaptcha?.secret ?? null
