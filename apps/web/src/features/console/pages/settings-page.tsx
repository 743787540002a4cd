import { AdminSettingsUpdateSchema } from '@fieldhouse/contract'
import type { FieldConfig, FormValues } from '../fields'
import { SingletonPage } from './singleton-page'

const fields: readonly FieldConfig[] = [
  { name: 'logo', label: 'Logo', kind: 'image', hint: 'Shown in the site header. PNG, JPEG or WebP, up to 5 MB.' },
  { name: 'google_tag', label: 'Google tag', kind: 'text', hint: 'e.g. G-ABC123. Leave empty for none.' },
  { name: 'yare_analytics_key', label: 'Product analytics key', kind: 'text' },
  { name: 'contact_email', label: 'Contact email', kind: 'email' },
  { name: 'contact_phone', label: 'Contact phone', kind: 'text' },
  { name: 'contact_address', label: 'Contact address', kind: 'text' },
  {
    name: 'streams_limit',
    label: 'Streams per account',
    kind: 'number',
    required: true,
    hint: 'How many videos one account may watch at once, on different devices. 0 for no limit.',
  },
  {
    name: 'streams_over_limit',
    label: 'Over the limit',
    kind: 'select',
    required: true,
    options: [
      { value: 'refuse', label: 'Refuse the new stream (the viewer may stop another)' },
      { value: 'stop_oldest', label: 'Stop the oldest stream' },
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
  return (
    <SingletonPage
      resource="settings"
      title="Logo and analytics"
      fields={fields}
      schema={AdminSettingsUpdateSchema}
      fromRecord={fromRecord}
      shapeInput={toNested}
    />
  )
}
