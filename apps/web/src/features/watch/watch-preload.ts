import type { QueryClient } from '@tanstack/react-query'
import type { ApiClient } from '../../lib/api/api-client'
import { eventQueryOptions } from '../events/api/use-event'
import { vodItemQueryOptions } from '../vod/api/use-vod-item'
import type { PlaybackSource } from './api/use-fetch-playback'
import { preloadPlaybackEngine, warmUpPlayback } from './player/playback-engine'
import { selectWatchScreen, type WatchSubject } from './player/watch-screen'
import { watchIdOf } from './watch-params'

const WATCH_PATH = /^\/(watch|watch_embed|watch_library)\/([^/]+)\/?$/i

/**
 * The video a watch page at `pathname` plays (`/watch/{id}` and `/watch_embed/{id}` an event,
 * `/watch_library/{id}` a library video), below the router's `basename`; null for any other page.
 */
export function watchSourceOf(pathname: string, basename: string): PlaybackSource | null {
  const base = basename.replace(/\/+$/, '')
  if (base && pathname !== base && !pathname.startsWith(`${base}/`)) return null
  const match = WATCH_PATH.exec(pathname.slice(base.length))
  const id = watchIdOf(match?.[2])
  if (!match || id === null) return null
  return match[1]?.toLowerCase() === 'watch_library' ? { kind: 'vod', id } : { kind: 'event', id }
}

/**
 * What a watch page needs, asked for while the app is still starting (beside the channel's bootstrap)
 * instead of after its first render: hls.js, the detail (into the cache the page reads), and, when the
 * detail gives the player something to play, hls.js already loading it (the player takes it over). A
 * failure is left to the page, which asks again and says so.
 */
export function preloadWatchPage(
  source: PlaybackSource,
  { api, queryClient, viewerId }: { api: ApiClient; queryClient: QueryClient; viewerId: number | null },
): Promise<void> {
  const engine = preloadPlaybackEngine()
  const detail: Promise<WatchSubject> =
    source.kind === 'event'
      ? queryClient.fetchQuery(eventQueryOptions(api, viewerId, source.id))
      : queryClient.fetchQuery(vodItemQueryOptions(api, viewerId, source.id))
  return Promise.all([detail, engine]).then(
    ([answer]) => {
      const screen = selectWatchScreen(answer, Date.now())
      if (screen.kind === 'player') warmUpPlayback(screen.playback)
    },
    () => {},
  )
}
