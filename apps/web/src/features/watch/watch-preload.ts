import { createPlayer, offerPlayer, playbackAssetKey } from '@fieldhouse/player'
import type { QueryClient } from '@tanstack/react-query'
import { newId } from '../../lib/analytics/new-id'
import type { ApiClient, ApiEnvelope } from '../../lib/api/api-client'
import { eventQueryOptions } from '../../lib/entities/events/use-event'
import type { PlaybackSource } from '../../lib/entities/playback/use-fetch-playback'
import { vodItemQueryOptions } from '../../lib/entities/vod/use-vod-item'
import { selectWatchScreen, type WatchSubject } from './player/watch-screen'

/**
 * What a watch page needs, asked for while the app is still starting (beside the channel's bootstrap)
 * instead of after its first render. The start sends the detail's request and fetches hls.js itself
 * (`answer`, `engine`: this code comes in its own chunk, which only a watch page loads); here the
 * detail goes into the cache the page reads and, when it gives the player something to play, the
 * player's core starts on it at once, on its own <video>: hls.js attached, the master playlist and (for
 * a replay) the first second buffered while the app renders. The page's player adopts that core
 * (`takeHeldPlayer`) and binds its own callbacks to it; nothing is asked for twice. A failure is left
 * to the page, which asks again and says so.
 */
export function preloadWatchPage(
  source: PlaybackSource,
  {
    api,
    queryClient,
    viewerId,
    answer,
    engine,
  }: {
    api: ApiClient
    queryClient: QueryClient
    viewerId: number | null
    answer: Promise<ApiEnvelope<unknown>>
    engine: Promise<void>
  },
): Promise<void> {
  const detail: Promise<WatchSubject> =
    source.kind === 'event'
      ? queryClient.fetchQuery(eventQueryOptions(api, viewerId, source.id, answer))
      : queryClient.fetchQuery(vodItemQueryOptions(api, viewerId, source.id, answer))
  return Promise.all([detail, engine]).then(
    ([subject]) => {
      const screen = selectWatchScreen(subject, Date.now())
      if (screen.kind !== 'player') return
      const make = () =>
        createPlayer({
          playback: screen.playback,
          receivedAt: Date.now(),
          poster: subject.poster,
          context: { subject: `${source.kind}:${source.id}`, live: screen.mode === 'live', viewId: newId() },
          // Renewal is minutes away; the page's player binds its own long before (`bind`).
          fetchPlayback: () => Promise.reject(new Error('the watch page has not adopted its player')),
          preroll: undefined,
        })
      offerPlayer(playbackAssetKey(screen.playback.hls), make)
    },
    () => {},
  )
}
