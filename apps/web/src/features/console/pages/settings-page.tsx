import { AdminSettingsUpdateSchema } from '@fieldhouse/contract'
import type { FieldConfig, FormValues } from '../fields'
import { useConsoleText } from '../words'
import { SingletonPage } from './singleton-page'

const fields: readonly FieldConfig[] = [
  { name: 'logo', label: 'settings.logo', kind: 'image', hint: 'settings.logoHint' },
  { name: 'google_tag', label: 'settings.googleTag', kind: 'text', hint: 'settings.googleTagHint' },
  { name: 'yare_analytics_key', label: 'settings.analyticsKey', kind: 'text' },
  { name: 'contact_email', label: 'settings.contactEmail', kind: 'email' },
  { name: 'contact_phone', label: 'settings.contactPhone', kind: 'text' },
  { name: 'contact_address', label: 'settings.contactAddress', kind: 'text' },
  {
    name: 'streams_limit',
    label: 'settings.streamsLimit',
    kind: 'number',
    required: true,
    hint: 'settings.streamsLimitHint',
  },
  {
    name: 'streams_over_limit',
    label: 'settings.overLimit',
    kind: 'select',
    required: true,
    options: [
      { value: 'refuse', label: 'settings.refuse' },
      { value: 'stop_oldest', label: 'settings.stopOldest' },
    ],
  },
]

const fromRecord = (record: FormValues): FormValues => {
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

/**
 * Logo, analytics keys (Google tag, product analytics key), contact details, and how many streams one
 * account may watch at once (decision 0031).
 */
export default function SettingsPage() {
  const t = useConsoleText()
  return (
    <SingletonPage
      resource="settings"
      title={t('settings.title')}
      fields={fields}
      schema={AdminSettingsUpdateSchema}
      fromRecord={fromRecord}
      shapeInput={toNested}
    />
  )
}
