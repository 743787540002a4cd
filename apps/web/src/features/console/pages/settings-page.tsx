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
]

const fromRecord = (record: FormValues): FormValues => {
  const contact = (record.contact ?? {}) as Record<string, unknown>
  return {
    ...record,
    contact_email: contact.email ?? null,
    contact_phone: contact.phone ?? null,
    contact_address: contact.address ?? null,
  }
}

/** The form's fields → the settings' shape (contact is one object). */
const toNested = (values: FormValues): FormValues => {
  const { contact_email, contact_phone, contact_address, ...rest } = values
  return { ...rest, contact: { email: contact_email, phone: contact_phone, address: contact_address } }
}

/** Logo, analytics keys (Google tag, product analytics key) and contact details. */
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
