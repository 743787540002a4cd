import type { Player } from '@fieldhouse/player'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { Spinner } from '../../components/ui/spinner'
import { useEventCategories } from '../../lib/entities/catalogue/use-event-categories'
import { useParticipantGroups } from '../../lib/entities/catalogue/use-participant-groups'
import { eventTimeText, eventTitle, formatEventTime } from '../../lib/entities/events/event-display'
import { useWatchEvent } from '../../lib/entities/playback/use-watch-event'
import { paths } from '../../lib/navigation/paths'
import { useDocumentTitle } from '../../lib/navigation/use-document-title'
import { EventLoadFailure } from './event-load-failure'
import { useScoreBug } from './score-bug'
import { viewingMeta } from './viewing-meta'
import { detailPollMs, watchIdOf } from './watch-params'
import { WatchStage } from './watch-stage'
import './watch-embed-page.css'

/**
 * `/watch_embed/{id}`: the player alone, for other sites to embed: no header, no footer, the player fills
 * the frame. Signing in or buying happens on the full watch page, opened in a new tab.
 */
export function WatchEmbedPage() {
  const { t, i18n } = useTranslation()
  const id = watchIdOf(useParams().id)
  const event = useWatchEvent(id, { refetchInterval: detailPollMs })
  const categories = useEventCategories()
  const schools = useParticipantGroups()
  // The score bug rides on embedded players too.
  const [player, setPlayer] = useState<Player | null>(null)
  const scoreBug = useScoreBug(player, event.data ?? null)
  const title = event.data ? eventTitle(event.data) : t('watch.title')
  useDocumentTitle(title)
  const detail = event.data
  return (
    <div className="watch-embed">
      <h1 className="visually-hidden">{title}</h1>
      {event.isError || id === null ? (
        <div className="watch-embed__message">
          <EventLoadFailure error={event.error} missing={id === null} onRetry={() => void event.refetch()} />
        </div>
      ) : !detail ? (
        <div className="watch-embed__message">
          <Spinner />
        </div>
      ) : (
        <WatchStage
          source={{ kind: 'event', id }}
          subject={detail}
          receivedAt={event.dataUpdatedAt}
          title={title}
          startsAtText={eventTimeText(formatEventTime(detail.event_utc_ts, detail.time_zone, i18n.language))}
          prerollTarget={{ locationId: detail.location_id, categoryId: detail.event_category_id }}
          fullPageHref={paths.watch(id)}
          onRefresh={() => void event.refetch()}
          viewing={viewingMeta(detail, categories, schools)}
          onPlayer={setPlayer}
          overlays={scoreBug.overlays}
        />
      )}
    </div>
  )
}
