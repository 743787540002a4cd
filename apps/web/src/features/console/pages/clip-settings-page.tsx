import { AdminSettingsUpdateSchema } from '@fieldhouse/contract'
import type { FieldConfig, FormValues } from '../fields'
import { SingletonPage } from './singleton-page'

const MB = 1024 ** 2

const fields: readonly FieldConfig[] = [
  {
    name: 'max_duration_sec',
    label: 'Longest clip (seconds)',
    kind: 'number',
    required: true,
    hint: 'The clip tool stops viewers at this length. 1 to 3600.',
  },
  {
    name: 'per_user_per_hour',
    label: 'Clips per viewer per hour',
    kind: 'number',
    required: true,
    hint: 'More in an hour is refused until the hour has passed.',
  },
  {
    name: 'storage_per_user_mb',
    label: 'Room for one viewer’s clips (MB)',
    kind: 'number',
    required: true,
    hint: 'When a viewer’s clips take this much, they delete some before making more.',
  },
  {
    name: 'share_public',
    label: 'Shared clips of paid games play for anyone with the link',
    kind: 'checkbox',
    hint: 'Off: a clip of a paid or pay-per-view game plays, is listed and shows its picture only to viewers who may watch the game (and to whoever made it); it is left out of Moments and its link previews nothing. Clips of free and sign-up games are always public.',
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
  return (
    <SingletonPage
      resource="settings"
      title="Clip settings"
      lead="Limits on the clips viewers cut from games and videos, and who may watch the clips they share."
      fields={fields}
      schema={AdminSettingsUpdateSchema}
      fromRecord={fromRecord}
      shapeInput={toClips}
    />
  )
}
