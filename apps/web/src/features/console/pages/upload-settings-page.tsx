import { AdminSettingsUpdateSchema } from '@fieldhouse/contract'
import type { FieldConfig, FormValues } from '../fields'
import { SingletonPage } from './singleton-page'

const GB = 1024 ** 3

const fields: readonly FieldConfig[] = [
  {
    name: 'max_duration_min',
    label: 'Longest video (minutes)',
    kind: 'number',
    required: true,
    hint: 'A recording or library video that lasts longer is refused when its upload ends. 1 to 1440.',
  },
  {
    name: 'open_gb',
    label: 'Uploads under way, in all (GB)',
    kind: 'number',
    required: true,
    hint: 'What the channel’s unfinished uploads may add up to: a new one past it waits until one ends or is cancelled.',
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
  return (
    <SingletonPage
      resource="settings"
      title="Upload limits"
      lead="How long a video the channel takes, and how much its unfinished uploads may hold at once."
      fields={fields}
      schema={AdminSettingsUpdateSchema}
      fromRecord={fromRecord}
      shapeInput={toUploads}
    />
  )
}
