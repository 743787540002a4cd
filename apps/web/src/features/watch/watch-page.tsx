import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { LoadError, LoadingStatus } from '../../components/ui/load-states'
import { PageFrame } from '../../components/ui/page-frame'
import { useDocumentTitle } from '../channel/use-document-title'
import { useEvent } from '../events/api/use-event'
import { EventBadges } from '../events/event-card'
import { eventTimeText, eventTitle, formatEventTime } from '../events/event-display'
import './watch-page.css'

const idOf = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : null)

/** `/watch/{id}`: the event's heading (who, when, access); the player comes with the playback capability. */
export function WatchPage() {
  const { t, i18n } = useTranslation()
  const id = idOf(useParams().id)
  const event = useEvent(id)
  const title = event.data ? eventTitle(event.data) : t('watch.title')
  useDocumentTitle(title)
  if (event.isError) {
    return (
      <PageFrame title={t('watch.title')}>
        <LoadError onRetry={() => void event.refetch()}>{t('watch.eventMissing')}</LoadError>
      </PageFrame>
    )
  }
  if (!event.data) {
    return (
      <PageFrame title={t('watch.title')} lead={t('watch.lead')}>
        <LoadingStatus />
      </PageFrame>
    )
  }
  const time = formatEventTime(event.data.event_utc_ts, event.data.time_zone, i18n.language)
  const venue = event.data.location ? `${event.data.location.name}, ${event.data.location.city}` : null
  return (
    <PageFrame
      title={title}
      lead={[event.data.category?.name, eventTimeText(time), venue].filter(Boolean).join(' · ')}
      actions={
        <div className="watch-badges">
          <EventBadges event={event.data} />
        </div>
      }
    >
      {event.data.is_geo_blocked ? (
        <p className="watch-geo-blocked" role="alert">
          {t('spec.geoBlocked')}
        </p>
      ) : null}
      {event.data.description ? <p className="watch-description">{event.data.description}</p> : null}
    </PageFrame>
  )
}
