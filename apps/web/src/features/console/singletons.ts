import { AdminChannelUpdateSchema, type AdminResource, AdminSettingsUpdateSchema } from '@fieldhouse/contract'
import { type ComponentType, type LazyExoticComponent, lazy } from 'react'
import type { z } from 'zod'
import { choice, field, requiredNumber, requiredText } from './field-builders'
import type { FieldConfig, FormValues } from './fields'
import type { ConsoleKey } from './words'

/**
 * A page that is one record's form (`GET`/`PATCH /api/admin/{resource}`): the channel, its settings.
 * The registry names one of these (`singleton:`) and `pages/singleton-page.tsx` draws it; several
 * pages may edit parts of the same record (the settings' clips, uploads).
 */
export interface SingletonConfig {
  resource: AdminResource
  /** The heading (and what "… saved." names): a key of the console's words. */
  title: ConsoleKey
  lead?: ConsoleKey
  fields: readonly FieldConfig[]
  /** The contract's schema of the PATCH body. */
  schema: z.ZodType
  /** The stored record → the form's record (e.g. nested settings flattened). */
  fromRecord?: (record: FormValues) => FormValues
  /** The form's fields → the PATCH body's shape, before the schema checks it. */
  shapeInput?: (input: FormValues) => FormValues
  /** More of the page below the form, loaded with it (the channel's domains). */
  after?: LazyExoticComponent<ComponentType>
}

const channelFields: readonly FieldConfig[] = [
  requiredText('name', 'channel.name'),
  choice('language', 'channel.language', [
    { value: 'en', label: 'channel.english' },
    { value: 'fr', label: 'channel.french' },
    { value: 'bg', label: 'channel.bulgarian' },
  ]),
  requiredText('currency', 'channel.currency', 'channel.currencyHint'),
  field('time_zone', 'channel.timeZone', 'timezone', { required: true }),
]

const settingsFields: readonly FieldConfig[] = [
  { name: 'logo', label: 'settings.logo', kind: 'image', hint: 'settings.logoHint' },
  { name: 'google_tag', label: 'settings.googleTag', kind: 'text', hint: 'settings.googleTagHint' },
  { name: 'yare_analytics_key', label: 'settings.analyticsKey', kind: 'text' },
  { name: 'contact_email', label: 'settings.contactEmail', kind: 'email' },
  { name: 'contact_phone', label: 'settings.contactPhone', kind: 'text' },
  { name: 'contact_address', label: 'settings.contactAddress', kind: 'text' },
  requiredNumber('streams_limit', 'settings.streamsLimit', 'settings.streamsLimitHint'),
  choice('streams_over_limit', 'settings.overLimit', [
    { value: 'refuse', label: 'settings.refuse' },
    { value: 'stop_oldest', label: 'settings.stopOldest' },
  ]),
]

const settingsFromRecord = (record: FormValues): FormValues => {
  const contact = (record.contact ?? {}) as Record<string, unknown>
  const streams = (record.streams ?? {}) as Record<string, unknown>
  return {
    ...record,
    streams_limit: streams.limit === undefined ? '' : String(streams.limit),
    streams_over_limit: streams.over_limit ?? 'refuse',
    contact_email: contact.email ?? null,
    contact_phone: contact.phone ?? null,
    contact_address: contact.address ?? null,
  }
}

/** The form's fields → the settings' shape (contact and streams are one object each). */
const toNested = (values: FormValues): FormValues => {
  const { contact_email, contact_phone, contact_address, streams_limit, streams_over_limit, ...rest } = values
  return {
    ...rest,
    contact: { email: contact_email, phone: contact_phone, address: contact_address },
    streams: { limit: streams_limit, over_limit: streams_over_limit },
  }
}

const MB = 1024 ** 2

const clipFields: readonly FieldConfig[] = [
  requiredNumber('max_duration_sec', 'clipSettings.longest', 'clipSettings.longestHint'),
  requiredNumber('per_user_per_hour', 'clipSettings.perHour', 'clipSettings.perHourHint'),
  requiredNumber('storage_per_user_mb', 'clipSettings.room', 'clipSettings.roomHint'),
  field('share_public', 'clipSettings.sharePublic', 'checkbox', { hint: 'clipSettings.sharePublicHint' }),
  field('score_key_plays', 'clipSettings.scoreKeyPlays', 'checkbox', { hint: 'clipSettings.scoreKeyPlaysHint' }),
]

/** The settings' `clips` → the form's fields (the room in MB). */
const clipsFromRecord = (record: FormValues): FormValues => {
  const clips = (record.clips ?? {}) as Record<string, unknown>
  const bytes = typeof clips.storage_per_user_bytes === 'number' ? clips.storage_per_user_bytes : null
  return {
    max_duration_sec: clips.max_duration_sec ?? '',
    per_user_per_hour: clips.per_user_per_hour ?? '',
    storage_per_user_mb: bytes === null ? '' : Math.round(bytes / MB),
    share_public: clips.share_public ?? true,
    score_key_plays: clips.score_key_plays ?? false,
  }
}

/** The form's fields → `{ clips }`, the room in bytes. */
const toClips = (values: FormValues): FormValues => {
  const { storage_per_user_mb, ...rest } = values
  return {
    clips: {
      ...rest,
      ...(typeof storage_per_user_mb === 'number'
        ? { storage_per_user_bytes: Math.round(storage_per_user_mb * MB) }
        : {}),
    },
  }
}

const GB = 1024 ** 3

const uploadFields: readonly FieldConfig[] = [
  requiredNumber('max_duration_min', 'uploadSettings.longest', 'uploadSettings.longestHint'),
  requiredNumber('open_gb', 'uploadSettings.open', 'uploadSettings.openHint'),
]

/** The settings' `uploads` → the form's fields (minutes, GB). */
const uploadsFromRecord = (record: FormValues): FormValues => {
  const uploads = (record.uploads ?? {}) as Record<string, unknown>
  const seconds = typeof uploads.max_duration_sec === 'number' ? uploads.max_duration_sec : null
  const bytes = typeof uploads.open_bytes === 'number' ? uploads.open_bytes : null
  return {
    max_duration_min: seconds === null ? '' : Math.round(seconds / 60),
    open_gb: bytes === null ? '' : Math.round(bytes / GB),
  }
}

/** The form's fields → `{ uploads }`, in seconds and bytes. */
const toUploads = (values: FormValues): FormValues => {
  const { max_duration_min, open_gb } = values
  return {
    uploads: {
      ...(typeof max_duration_min === 'number' ? { max_duration_sec: Math.round(max_duration_min * 60) } : {}),
      ...(typeof open_gb === 'number' ? { open_bytes: Math.round(open_gb * GB) } : {}),
    },
  }
}

export const singletonConfigs = {
  /** Name, language, currency, time zone; and the domains, which only owners change (decision 0041). */
  channel: {
    resource: 'channel',
    title: 'channel.title',
    fields: channelFields,
    schema: AdminChannelUpdateSchema,
    after: lazy(() => import('./components/channel-domains').then((m) => ({ default: m.ChannelDomains }))),
  },
  /** Logo, analytics keys, contact details, and how many streams one account may watch at once (decision 0031). */
  settings: {
    resource: 'settings',
    title: 'settings.title',
    fields: settingsFields,
    schema: AdminSettingsUpdateSchema,
    fromRecord: settingsFromRecord,
    shapeInput: toNested,
  },
  /** The clip limits and whether shared clips of paid games are public (decision 16). */
  clipSettings: {
    resource: 'settings',
    title: 'clipSettings.title',
    lead: 'clipSettings.lead',
    fields: clipFields,
    schema: AdminSettingsUpdateSchema,
    fromRecord: clipsFromRecord,
    shapeInput: toClips,
  },
  /** The longest video and the room for uploads under way (docs/security.md). */
  uploadSettings: {
    resource: 'settings',
    title: 'uploadSettings.title',
    lead: 'uploadSettings.lead',
    fields: uploadFields,
    schema: AdminSettingsUpdateSchema,
    fromRecord: uploadsFromRecord,
    shapeInput: toUploads,
  },
} as const satisfies Record<string, SingletonConfig>
