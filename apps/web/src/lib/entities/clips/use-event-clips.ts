import { useInfiniteQuery } from '@tanstack/react-query'
import { useApiClient } from '../../api/api-context'
import { useAppStore } from '../../store/app-store'
import { fetchClipPage, nextClipPage } from './clip-pages'

/** Clips per page of a game's clips. */
export const EVENT_CLIPS_PAGE_SIZE = 12

/** Every list of a game's clips starts so: a change to any clip asks them all again. */
export const eventClipsRoot = ['event-clips'] as const
export const eventClipsQueryKey = (eventId: number, viewerId: number | null) =>
  [...eventClipsRoot, eventId, viewerId] as const

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
