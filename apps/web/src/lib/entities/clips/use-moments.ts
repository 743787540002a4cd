import { useInfiniteQuery } from '@tanstack/react-query'
import { useApiClient } from '../../api/api-context'
import { fetchClipPage, nextClipPage } from './clip-pages'
import { momentsQueryKey } from './query-keys'

/** Clips per page of the feed. */
export const MOMENTS_PAGE_SIZE = 12

export interface MomentsFilters {
  event_id?: number
  event_category_id?: number
  participant_id?: number
}

/** `GET /api/clips/moments`: the channel's ready clips, newest first, a page at a time. */
export function useMoments(filters: MomentsFilters) {
  const api = useApiClient()
  return useInfiniteQuery({
    queryKey: momentsQueryKey(filters),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      fetchClipPage(api, 'clips/moments', {
        query: { ...filters },
        offset: pageParam,
        pageSize: MOMENTS_PAGE_SIZE,
        signal,
      }),
    getNextPageParam: (last) => nextClipPage(last, MOMENTS_PAGE_SIZE),
  })
}
