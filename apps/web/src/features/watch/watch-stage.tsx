import type { Playback } from '@fieldhouse/contract'
import { type ReactNode, type RefObject, useCallback, useState } from 'react'
import { httpStatus } from '../../lib/api/error-text'
import { browserBackend, createTtlStorage } from '../../lib/storage/ttl-storage'
import { useAppStore } from '../../lib/store/app-store'
import { useUserAccess } from '../account/api/use-user-access'
import { useEventCategories } from '../catalogue/api/use-event-categories'
import { useSettings } from '../channel/api/use-settings'
import { type PlaybackSource, useFetchPlayback } from './api/use-fetch-playback'
import { playbackAssetKey } from './player/playback-token'
import { defaultPlayerEvents, type PlayerEvents } from './player/player-events'
import {
  choosePreroll,
  createPrerollSuppression,
  type PrerollSuppression,
  parentCategoryIds,
  type WatchSubjectKey,
} from './player/preroll'
import { StageScreen } from './player/stage-screen'
import { type ClipMarkers, type PlayerController, VideoPlayer } from './player/video-player'
import { selectWatchScreen, type WatchSubject } from './player/watch-screen'

let suppression: PrerollSuppression | null = null
/** One per page load, on the app's `rudy_` local storage (memory where the browser refuses it). */
const prerollSuppression = () => {
  suppression ??= createPrerollSuppression({ storage: createTtlStorage({ backend: browserBackend() }) })
  return suppression
}

/**
 * The player area of a watch page: the screen for the detail's state (selectWatchScreen), or the player
 * with the pre-roll this viewer should see first. A refused token renewal (signed out, pass ended) asks
 * for the detail again, which then says why.
 */
export function WatchStage({
  source,
  subject,
  receivedAt,
  title,
  startsAtText,
  prerollTarget,
  offers,
  passesHref,
  fullPageHref = null,
  onRefresh,
  events = defaultPlayerEvents,
  clipMarks,
  controllerRef,
}: {
  source: PlaybackSource
  subject: WatchSubject
  /** When the detail arrived (the query's `dataUpdatedAt`). */
  receivedAt: number
  title: string
  startsAtText?: string
  /** The event's venue and category; nulls for a library video. */
  prerollTarget: { locationId: number | null; categoryId: number | null }
  offers?: ReactNode
  /** Where "See passes" leads. */
  passesHref?: string
  /** Embedded pages send every action to the full watch page. */
  fullPageHref?: string | null
  onRefresh: () => void
  events?: PlayerEvents
  /** The clip tool's marks, drawn on the seek bar. */
  clipMarks?: ClipMarkers
  /** Filled by the player for the clip tool. */
  controllerRef?: RefObject<PlayerController | null>
}) {
  const settings = useSettings()
  const categories = useEventCategories()
  const userId = useAppStore((state) => state.user?.id ?? null)
  const access = useUserAccess()
  const fetchPlayback = useFetchPlayback(source)
  const [now, setNow] = useState(() => Date.now())
  const screen = selectWatchScreen(subject, now)
  const subjectKey: WatchSubjectKey = `${source.kind}:${source.id}`

  const renewPlayback = useCallback(async (): Promise<Playback> => {
    try {
      return await fetchPlayback()
    } catch (error) {
      const status = httpStatus(error)
      if (status === 401 || status === 403 || status === 404) onRefresh()
      throw error
    }
  }, [fetchPlayback, onRefresh])

  const handleCountdownDone = useCallback(() => {
    setNow(Date.now())
    onRefresh()
  }, [onRefresh])

  if (screen.kind !== 'player') {
    return (
      <StageScreen
        screen={screen}
        poster={subject.poster}
        startsAtText={startsAtText}
        offers={offers}
        passesHref={passesHref}
        fullPageHref={fullPageHref}
        siteName={settings.name}
        onRetry={onRefresh}
        onCountdownDone={handleCountdownDone}
      />
    )
  }

  const preroll = choosePreroll(
    settings.prerolls,
    {
      locationId: prerollTarget.locationId,
      categoryId: prerollTarget.categoryId,
      parentCategoryIds: parentCategoryIds(prerollTarget.categoryId, categories),
      isLive: screen.mode === 'live',
    },
    {
      capabilitiesPending: userId !== null && access.isPending,
      noAds: userId !== null && access.data?.capabilities.no_ads === true,
      recentlyPlayed: prerollSuppression().isSuppressed(userId, subjectKey),
    },
  )

  return (
    <VideoPlayer
      key={playbackAssetKey(screen.playback.hls)}
      playback={screen.playback}
      receivedAt={receivedAt}
      poster={subject.poster}
      title={title}
      context={{ subject: subjectKey, live: screen.mode === 'live' }}
      fetchPlayback={renewPlayback}
      preroll={preroll}
      onPrerollPlayed={() => prerollSuppression().markPlayed(userId, subjectKey)}
      events={events}
      clipMarks={clipMarks}
      controllerRef={controllerRef}
    />
  )
}
