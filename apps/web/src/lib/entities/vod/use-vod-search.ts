import { constants, MINUTE } from '@fieldhouse/contract'
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import type { ApiClient } from '../../api/api-client'
import { useApiClient } from '../../api/api-context'
import { fetchVodPage, nextVodOffset } from './vod-schemas'

export interface VodSearchQuery {
  title: string
  category_id?: number
}

export const vodSearchQueryOptions = (api: ApiClient, query: VodSearchQuery) =>
  infiniteQueryOptions({
    queryKey: ['vod-media', 'search', query] as const,
    // Spec §7 and §9: 10 at a time from offset 0, sorted by date unless asked otherwise.
    queryFn: ({ pageParam, signal }) => fetchVodPage(api, 'vod-media/search', query, pageParam, signal),
    initialPageParam: constants.vodSearch.offset,
    getNextPageParam: nextVodOffset,
    staleTime: MINUTE,
  })

/** `GET /api/vod-media/search` by title; a new search cancels the one it replaces. */
export function useVodSearch(query: VodSearchQuery, { enabled = true } = {}) {
  return useInfiniteQuery({
    ...vodSearchQueryOptions(useApiClient(), query),
    placeholderData: keepPreviousData,
    enabled,
  })
}
