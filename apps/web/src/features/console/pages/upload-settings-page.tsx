import { AdminSettingsUpdateSchema } from '@fieldhouse/contract'
import type { FieldConfig, FormValues } from '../fields'
import { useConsoleText } from '../words'
import { SingletonPage } from './singleton-page'

const GB = 1024 ** 3

const fields: readonly FieldConfig[] = [
  {
    name: 'max_duration_min',
    label: 'uploadSettings.longest',
    kind: 'number',
    required: true,
    hint: 'uploadSettings.longestHint',
  },
  {
    name: 'open_gb',
    label: 'uploadSettings.open',
    kind: 'number',
    required: true,
    hint: 'uploadSettings.openHint',
  },
]

/** The settings' `uploads` → the form's fields (minutes, GB). */
const fromRecord = (record: FormValues): FormValues => {
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

/**
 * The channel's upload limits (docs/security.md): the longest video an upload may hold, and what its
 * uploads under way may add up to. Owners and managers change them; producers upload within them.
 */
export default function UploadSettingsPage() {
  const t = useConsoleText()
  return (
    <SingletonPage
      resource="settings"
      title={t('uploadSettings.title')}
      lead={t('uploadSettings.lead')}
      fields={fields}
      schema={AdminSettingsUpdateSchema}
      fromRecord={fromRecord}
      shapeInput={toUploads}
    />
  )
}
