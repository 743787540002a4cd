import { AdminSettingsUpdateSchema } from '@fieldhouse/contract'
import type { FieldConfig, FormValues } from '../fields'
import { useConsoleText } from '../words'
import { SingletonPage } from './singleton-page'

const MB = 1024 ** 2

const fields: readonly FieldConfig[] = [
  {
    name: 'max_duration_sec',
    label: 'clipSettings.longest',
    kind: 'number',
    required: true,
    hint: 'clipSettings.longestHint',
  },
  {
    name: 'per_user_per_hour',
    label: 'clipSettings.perHour',
    kind: 'number',
    required: true,
    hint: 'clipSettings.perHourHint',
  },
  {
    name: 'storage_per_user_mb',
    label: 'clipSettings.room',
    kind: 'number',
    required: true,
    hint: 'clipSettings.roomHint',
  },
  {
    name: 'share_public',
    label: 'clipSettings.sharePublic',
    kind: 'checkbox',
    hint: 'clipSettings.sharePublicHint',
  },
]

/** The settings' `clips` → the form's fields (the room in MB). */
const fromRecord = (record: FormValues): FormValues => {
  const clips = (record.clips ?? {}) as Record<string, unknown>
  const bytes = typeof clips.storage_per_user_bytes === 'number' ? clips.storage_per_user_bytes : null
  return {
    max_duration_sec: clips.max_duration_sec ?? '',
    per_user_per_hour: clips.per_user_per_hour ?? '',
    storage_per_user_mb: bytes === null ? '' : Math.round(bytes / MB),
    share_public: clips.share_public ?? true,
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

/**
 * The channel's clip settings (decision 16): how long a clip may be, how many a viewer may make in an
 * hour and keep, and whether shared clips of paid games are public. Owners and managers change them.
 */
export default function ClipSettingsPage() {
  const t = useConsoleText()
  return (
    <SingletonPage
      resource="settings"
      title={t('clipSettings.title')}
      lead={t('clipSettings.lead')}
      fields={fields}
      schema={AdminSettingsUpdateSchema}
      fromRecord={fromRecord}
      shapeInput={toClips}
    />
  )
}
