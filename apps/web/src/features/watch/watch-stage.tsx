import type { Playback } from '@fieldhouse/contract'
import { type Player, type PlayerEvents, type PlayerSubjectMeta, playbackAssetKey } from '@fieldhouse/player'
import { type ReactNode, useCallback, useRef, useState } from 'react'
import { productPlayerEvents } from '../../lib/analytics/product-analytics'
import { ApiRequestError } from '../../lib/api/api-error'
import { httpStatus } from '../../lib/api/error-text'
import { useUserAccess } from '../../lib/entities/account/use-user-access'
import { useEventCategories } from '../../lib/entities/catalogue/use-event-categories'
import { useSettings } from '../../lib/entities/channel/use-settings'
import { type PlaybackSource, useFetchPlayback } from '../../lib/entities/playback/use-fetch-playback'
import { browserBackend, createTtlStorage } from '../../lib/storage/ttl-storage'
import { useAppStore } from '../../lib/store/app-store'
import {
  choosePreroll,
  createPrerollSuppression,
  type PrerollSuppression,
  parentCategoryIds,
  type WatchSubjectKey,
} from './player/preroll'
import { StageScreen } from './player/stage-screen'
import { VideoPlayer, type VideoPlayerProps } from './player/video-player'
import { selectWatchScreen, type WatchSubject } from './player/watch-screen'

let suppression: PrerollSuppression | null = null
/** One per page load, on the app's `rudy_` local storage (memory where the browser refuses it). */
const prerollSuppression = () => {
  suppression ??= createPrerollSuppression({ storage: createTtlStorage({ backend: browserBackend() }) })
  return suppression
}

/** Why a renewal was refused with 409 (decision 0031): the stream stopped, or the account has too many. */
const streamRefusalOf = (error: unknown) =>
  error instanceof ApiRequestError ? (error.fieldErrors.stream?.[0] ?? null) : null

/**
 * The player area of a watch page: the screen for the detail's state (selectWatchScreen), or the player
 * with the pre-roll this viewer should see first. A refused token renewal (signed out, pass ended) asks
 * for the detail again, which then says why. A stream stopped from another device (or as the oldest over
 * the account's limit) stops the player and says so until the viewer chooses to watch here again, which
 * asks for the detail afresh.
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
  viewing,
  events = productPlayerEvents,
  onPlayer,
  overlays,
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
  /** What is watched, for the viewing figures (an event's sport, school…); none for a library video. */
  viewing?: PlayerSubjectMeta
  events?: PlayerEvents
  /** Hears of the player's core (the clip tool marks at its playhead and draws on its seek bar). */
  onPlayer?: (player: Player | null) => void
  /** Renderers of the player's timed overlays by key (the score bug). */
  overlays?: VideoPlayerProps['overlays']
}) {
  const settings = useSettings()
  const categories = useEventCategories()
  const userId = useAppStore((state) => state.user?.id ?? null)
  const access = useUserAccess()
  const fetchPlayback = useFetchPlayback(source)
  const [now, setNow] = useState(() => Date.now())
  const [stopped, setStopped] = useState<{ reason: 'stopped' | 'replaced'; detailAt: number } | null>(null)
  const detailAt = useRef(receivedAt)
  detailAt.current = receivedAt
  // A newer detail (the viewer chose to watch here) ends the stopped screen.
  const screen =
    stopped && stopped.detailAt === receivedAt
      ? ({ kind: 'stream_stopped', reason: stopped.reason } as const)
      : selectWatchScreen(subject, now)
  const subjectKey: WatchSubjectKey = `${source.kind}:${source.id}`

  const renewPlayback = useCallback(async (): Promise<Playback> => {
    try {
      return await fetchPlayback()
    } catch (error) {
      const status = httpStatus(error)
      const refusal = status === 409 ? streamRefusalOf(error) : null
      if (refusal === 'stopped' || refusal === 'replaced') setStopped({ reason: refusal, detailAt: detailAt.current })
      else if (status === 401 || status === 403 || status === 404 || status === 409) onRefresh()
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
      context={{ subject: subjectKey, live: screen.mode === 'live', ...(viewing ? { meta: viewing } : {}) }}
      fetchPlayback={renewPlayback}
      preroll={preroll}
      onPrerollPlayed={() => prerollSuppression().markPlayed(userId, subjectKey)}
      events={events}
      onPlayer={onPlayer}
      overlays={overlays}
    />
  )
}
