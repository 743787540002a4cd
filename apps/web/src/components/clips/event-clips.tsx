import { type Clip, formatClipTime } from '@fieldhouse/contract'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { useEventClips } from '../../lib/entities/clips/use-event-clips'
import { LoadError } from '../ui/load-states'
import { ClipShareButton } from './clip-share-button'
import { MoreClips } from './more-clips'
import { PublicClipCard } from './public-clip-card'
import './event-clips.css'

/**
 * Under a game on its watch page: the game's public clips (`GET /api/clips/event/{id}`), newest first,
 * a page at a time. Each plays in place, opens its share page by its name, and copies its share link.
 */
export function EventClips({ eventId }: { eventId: number }) {
  const { t } = useTranslation()
  const titleId = useId()
  const clips = useEventClips(eventId)
  const list = clips.data?.pages.flatMap((page) => page.clips) ?? []
  // Nothing while they load or when the game has none: the page does not jump, and the clip tool
  // above already invites the first clip.
  if (clips.isPending || (clips.isSuccess && list.length === 0)) return null
  return (
    <section className="event-clips" aria-labelledby={titleId} data-testid="event-clips">
      <h2 id={titleId} className="event-clips__title">
        {t('eventClips.title')}
      </h2>
      <p className="event-clips__lead">{t('eventClips.lead')}</p>
      {clips.isError && list.length === 0 ? (
        <LoadError onRetry={() => void clips.refetch()}>{t('eventClips.loadFailed')}</LoadError>
      ) : null}
      {list.length > 0 ? (
        <ul className="clip-grid">
          {list.map((clip) => (
            <EventClip key={clip.id} clip={clip} />
          ))}
        </ul>
      ) : null}
      <MoreClips query={clips} label={t('eventClips.more')} />
    </section>
  )
}

function EventClip({ clip }: { clip: Clip }) {
  const { t } = useTranslation()
  return (
    <PublicClipCard
      clip={clip}
      heading="h3"
      testId="event-clip"
      meta={[formatClipTime(clip.start_time), t('clips.seconds', { count: Math.round(clip.duration) })]}
      actions={<ClipShareButton clip={clip} testId="event-clip-share" />}
    />
  )
}
