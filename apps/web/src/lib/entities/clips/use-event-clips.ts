import { useInfiniteQuery } from '@tanstack/react-query'
import { useApiClient } from '../../api/api-context'
import { useAppStore } from '../../store/app-store'
import { fetchClipPage, nextClipPage } from './clip-pages'
import { eventClipsQueryKey } from './query-keys'

/** Clips per page of a game's clips. */
export const EVENT_CLIPS_PAGE_SIZE = 12

/**
 * `GET /api/clips/event/{id}` (spec §7): the game's ready clips, newest first, a page at a time. The
 * answer depends on the viewer (a channel that keeps paid games' clips private lists them only to
 * those who may watch), so the key carries who asks.
 */
export function useEventClips(eventId: number | null) {
  const api = useApiClient()
  const viewerId = useAppStore((state) => state.user?.id ?? null)
  return useInfiniteQuery({
    queryKey: eventClipsQueryKey(eventId ?? 0, viewerId),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      fetchClipPage(api, `clips/event/${eventId}`, { offset: pageParam, pageSize: EVENT_CLIPS_PAGE_SIZE, signal }),
    getNextPageParam: (last) => nextClipPage(last, EVENT_CLIPS_PAGE_SIZE),
    enabled: eventId !== null,
  })
}
