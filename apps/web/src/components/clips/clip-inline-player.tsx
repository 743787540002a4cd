import type { Clip } from '@fieldhouse/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSharedClip } from '../../lib/entities/clips/use-shared-clip'
import { Spinner } from '../ui/spinner'
import { ClipVideo } from './clip-video'

/**
 * A ready clip's picture with a play button; pressed, it asks for the clip's signed URLs (they are
 * short-lived, so not before) and plays in place.
 */
export function ClipInlinePlayer({ clip }: { clip: Clip }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const shared = useSharedClip(clip.id, clip.uuid, { enabled: open })
  if (open && shared.data) {
    return (
      <div className="clip-frame">
        <ClipVideo clip={shared.data} autoPlay />
      </div>
    )
  }
  return (
    <div className="clip-frame">
      {clip.poster ? <img className="clip-frame__poster" src={clip.poster} alt="" loading="lazy" /> : null}
      {open && shared.isPending ? (
        <span className="clip-frame__center">
          <Spinner label={t('common.loading')} />
        </span>
      ) : (
        <button
          type="button"
          className="clip-frame__play"
          aria-label={t('clips.play', { name: clip.name })}
          data-testid="clip-play"
          onClick={() => {
            if (shared.isError) void shared.refetch()
            setOpen(true)
          }}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" width="28" height="28">
            <path d="M8 5v14l11-7z" fill="currentColor" />
          </svg>
        </button>
      )}
      {open && shared.isError ? (
        <p className="clip-frame__error" role="alert">
          {t('clips.playFailed')}
        </p>
      ) : null}
    </div>
  )
}

/** The clip's state in words, coloured by kind; announced when it changes. */
export function ClipStatusBadge({ status }: { status: Clip['status'] }) {
  const { t } = useTranslation()
  return (
    <span className={`clip-status clip-status--${status}`} data-testid="clip-status" data-status={status}>
      {t(`clips.status.${status}`)}
    </span>
  )
}
