import type {
  ColorSettings,
  Faq,
  MenuItem,
  Page,
  PageSummary,
  Preroll,
  Settings,
  Slide,
  StaticBlock,
} from '@fieldhouse/contract'
import type { ChannelRow, PrerollRow } from '../../db/schema.js'
import { channelSettingsOf, clipSettingsOf } from '../../lib/channel-settings.js'
import { parseJson } from '../../lib/json.js'

/** Spec §3 Preroll, from its row. */
export const presentPreroll = (r: PrerollRow): Preroll => ({
  id: r.id,
  url: r.url,
  weight: r.weight,
  location_id: r.location_id,
  event_categories: parseJson<number[]>(r.event_categories, []),
  for_vod: r.for_vod === 1,
  for_live: r.for_live === 1,
})

export function presentSettings(
  channel: ChannelRow,
  staticBlocks: StaticBlock[],
  prerolls: PrerollRow[],
  analyticsUrl: string | null = null,
): Settings {
  const extra = channelSettingsOf(channel)
  const clips = clipSettingsOf(channel)
  return {
    name: channel.name,
    channel_key: channel.key,
    logo: channel.logo,
    language: channel.language,
    currency: channel.currency,
    'google-analytics': { 'google-tag': channel.google_tag },
    'yare-analytics': { 'yare-analytics-key': channel.yare_analytics_key, 'yare-analytics-url': analyticsUrl },
    prerolls: prerolls.map(presentPreroll),
    static_blocks: staticBlocks,
    routes: extra.routes ?? [],
    domain_category: {
      alias: extra.domain_category?.alias ?? null,
      fallback_url: extra.domain_category?.fallback_url ?? null,
    },
    contact: {
      email: extra.contact?.email ?? null,
      phone: extra.contact?.phone ?? null,
      address: extra.contact?.address ?? null,
    },
    social: extra.social ?? {},
    recaptcha: { site_key: extra.recaptcha?.secret ? (extra.recaptcha.site_key ?? null) : null },
    clips: { max_duration_sec: clips.maxDurationSec, min_duration_sec: clips.minDurationSec },
  }
}

export const presentColors = (rows: { name: string; value: string }[]): ColorSettings =>
  Object.fromEntries(rows.map((r) => [r.name, r.value]))

export const presentMenuItem = (row: Omit<MenuItem, 'images'> & { images: string }): MenuItem => ({
  ...row,
  images: parseJson<string[]>(row.images, []),
})

export const presentSlide = (row: Slide): Slide => row
export const presentPageSummary = (row: PageSummary): PageSummary => row
export const presentPage = (row: Page): Page => row
export const presentFaq = (row: Faq): Faq => row
