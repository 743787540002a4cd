import type { EventDetail } from '@fieldhouse/contract'
import { useQuery } from '@tanstack/react-query'
import { useApiClient } from '../../api/api-context'
import { useAppStore } from '../../store/app-store'
import { eventQueryOptions } from '../events/use-event'

/**
 * An event detail this recent is not asked for again when a watch page mounts: the one the app's start
 * fetched for the page (`preloadWatchPage`) is used as it is. Its playback token is renewed by the player
 * on the detail's own schedule, and the page's polling and any invalidation still refetch.
 */
export const WATCH_DETAIL_FRESH_MS = 15_000

/** `GET /api/events/{id}` for the watch pages: `useEvent`, with the freshness above. */
export function useWatchEvent(
  id: number | null,
  { refetchInterval }: { refetchInterval: (data: EventDetail) => number | false },
) {
  const api = useApiClient()
  const viewerId = useAppStore((state) => state.user?.id ?? null)
  return useQuery({
    ...eventQueryOptions(api, viewerId, id ?? 0),
    enabled: id !== null,
    staleTime: WATCH_DETAIL_FRESH_MS,
    refetchInterval: (query) => (query.state.data ? refetchInterval(query.state.data) : false),
  })
}
