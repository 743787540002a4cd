import type { EventDetail } from '@fieldhouse/contract'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { EventClips } from '../../components/clips/event-clips'
import { EventBadges } from '../../components/events/event-card'
import { EventScoreLine, SpoilerSwitch } from '../../components/events/event-score'
import { GeoNotice } from '../../components/geo/geo-notice'
import { ItemFailurePage, ItemLoadingPage } from '../../components/ui/item-page'
import { PageFrame } from '../../components/ui/page-frame'
import { useUserAccess } from '../../lib/entities/account/use-user-access'
import { useEventCategories } from '../../lib/entities/catalogue/use-event-categories'
import { useParticipantGroups } from '../../lib/entities/catalogue/use-participant-groups'
import { eventTimeText, eventTitle, formatEventTime } from '../../lib/entities/events/event-display'
import { useGeo } from '../../lib/entities/geo/use-geo'
import { useWatchEvent } from '../../lib/entities/playback/use-watch-event'
import { latestEventScore } from '../../lib/entities/scores/score-moment'
import { paths } from '../../lib/navigation/paths'
import { useDocumentTitle } from '../../lib/navigation/use-document-title'
import { useAppStore } from '../../lib/store/app-store'
import { ClipTool, useClipMarks } from './clip-tool'
import { DownloadButton } from './download-button'
import { FollowTeams } from './follow-teams'
import { KeyPlays } from './key-plays'
import { selectWatchScreen } from './player/watch-screen'
import { useScoreBug } from './score-bug'
import { viewingMeta } from './viewing-meta'
import { detailPollMs, watchIdOf } from './watch-params'
import { WatchStage } from './watch-stage'
import './watch-page.css'

/**
 * A paid or pay-per-view game the viewer may not watch (no pass yet, or not signed in) offers exactly
 * the passes that would open it.
 */
const offersPasses = (detail: EventDetail) =>
  (detail.type === 'paid' || detail.type === 'ppv') &&
  (detail.denial === 'no_access' || detail.denial === 'sign_in' || detail.has_access === false)

/**
 * `/watch/{id}`: the player area (or the screen for the event's state), then the event's heading and details.
 * `passOffers` draws the passes that would open the game (checkout's piece, handed in by `app/`).
 */
export function WatchPage({ passOffers }: { passOffers: (eventId: number) => ReactNode }) {
  const { t, i18n } = useTranslation()
  const id = watchIdOf(useParams().id)
  const event = useWatchEvent(id, { refetchInterval: detailPollMs })
  const signedIn = useAppStore((state) => state.user !== null)
  const access = useUserAccess()
  const clip = useClipMarks()
  const categories = useEventCategories()
  const schools = useParticipantGroups()
  const geo = useGeo()
  const scoreBug = useScoreBug(clip.player, event.data ?? null)
  const title = event.data ? eventTitle(event.data) : t('watch.title')
  useDocumentTitle(title)
  if (event.isError || id === null) {
    return (
      <ItemFailurePage
        title={t('watch.title')}
        error={event.error}
        missing={id === null}
        missingText={t('watch.eventMissing')}
        failedText={t('watch.eventLoadFailed')}
        onRetry={() => void event.refetch()}
        back={{ to: paths.schedule, label: t('watch.seeSchedule') }}
      />
    )
  }
  if (!event.data) {
    return (
      <ItemLoadingPage title={t('watch.title')} lead={t('watch.lead')}>
        <GeoNotice geo={geo.data} stageSaysBlocked={false} />
      </ItemLoadingPage>
    )
  }
  const detail = event.data
  const time = formatEventTime(detail.event_utc_ts, detail.time_zone, i18n.language)
  const venue = detail.location ? `${detail.location.name}, ${detail.location.city}` : null
  const screen = selectWatchScreen(detail, Date.now())
  // The header's score: the followed timeline's latest when the page follows one, else the event's own.
  const score = scoreBug.timeline ? latestEventScore(scoreBug.timeline) : (detail.score ?? null)
  const canDownload =
    signedIn && access.data?.capabilities.download === true && screen.kind === 'player' && screen.mode === 'replay'
  return (
    <PageFrame
      title={title}
      lead={[detail.category?.name, eventTimeText(time), venue].filter(Boolean).join(' · ')}
      actions={
        <div className="watch-badges">
          <EventBadges event={detail} />
          <EventScoreLine event={detail} score={score} />
        </div>
      }
    >
      <div className="watch-layout">
        <WatchStage
          source={{ kind: 'event', id }}
          subject={detail}
          receivedAt={event.dataUpdatedAt}
          title={title}
          startsAtText={eventTimeText(time)}
          prerollTarget={{ locationId: detail.location_id, categoryId: detail.event_category_id }}
          offers={offersPasses(detail) ? passOffers(id) : undefined}
          passesHref={`${paths.packages}?event_id=${id}`}
          onRefresh={() => void event.refetch()}
          viewing={viewingMeta(detail, categories, schools)}
          onPlayer={clip.setPlayer}
          overlays={scoreBug.overlays}
        />
        <GeoNotice geo={geo.data} stageSaysBlocked={screen.kind === 'geo_blocked'} />
        {canDownload || score ? (
          <div className="watch-toolbar">
            {score ? <SpoilerSwitch /> : null}
            {canDownload ? <DownloadButton eventId={id} /> : null}
          </div>
        ) : null}
        <KeyPlays
          eventId={id}
          version={scoreBug.timeline?.version}
          sport={scoreBug.timeline?.sport ?? detail.category?.alias}
          player={screen.kind === 'player' ? clip.player : null}
        />
        {screen.kind === 'player' ? (
          <ClipTool
            subject={{ kind: 'event', id }}
            live={screen.mode === 'live'}
            clipTags={detail.clip_tags}
            clipSources={detail.clip_sources}
            clip={clip}
          />
        ) : null}
        {detail.description ? <p className="watch-description">{detail.description}</p> : null}
        <FollowTeams detail={detail} />
        <EventClips eventId={id} />
      </div>
    </PageFrame>
  )
}
