import { constants, MINUTE } from '@fieldhouse/contract'
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import type { ApiClient } from '../../api/api-client'
import { useApiClient } from '../../api/api-context'
import { nextVodOffset, VodPageSchema } from './vod-schemas'

export interface VodItemsQuery {
  category_id?: number
}

export const vodItemsQueryOptions = (api: ApiClient, query: VodItemsQuery) =>
  infiniteQueryOptions({
    queryKey: ['vod-media-items', query] as const,
    queryFn: async ({ pageParam, signal }) =>
      VodPageSchema.parse(
        await api.get('vod-media-items', {
          query: {
            ...query,
            offset: pageParam,
            limit: constants.vodSearch.limit,
            sort_field: constants.vodSearch.sortField,
          },
          signal,
        }),
      ),
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
