import { MINUTE } from '@fieldhouse/contract'
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import type { ApiClient } from '../../api/api-client'
import { useApiClient } from '../../api/api-context'
import { fetchVodPage, nextVodOffset } from './vod-schemas'

export interface VodItemsQuery {
  category_id?: number
}

export const vodItemsQueryOptions = (api: ApiClient, query: VodItemsQuery) =>
  infiniteQueryOptions({
    queryKey: ['vod-media-items', query] as const,
    queryFn: ({ pageParam, signal }) => fetchVodPage(api, 'vod-media-items', query, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextVodOffset,
    staleTime: MINUTE,
  })

/** `GET /api/vod-media-items`: the library, newest first, optionally of one category, page after page. */
export function useVodItems(query: VodItemsQuery, { enabled = true } = {}) {
  return useInfiniteQuery({
    ...vodItemsQueryOptions(useApiClient(), query),
    placeholderData: keepPreviousData,
    enabled,
  })
}
