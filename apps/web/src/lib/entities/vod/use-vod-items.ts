import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import type { ApiClient } from '../../api/api-client'
import { useApiClient } from '../../api/api-context'
import { vodPagesQueryOptions } from './vod-schemas'

export interface VodItemsQuery {
  category_id?: number
}

export const vodItemsQueryOptions = (api: ApiClient, query: VodItemsQuery) =>
  vodPagesQueryOptions(api, ['vod-media-items', query] as const, 'vod-media-items', query, 0)

/** `GET /api/vod-media-items`: the library, newest first, optionally of one category, page after page. */
export function useVodItems(query: VodItemsQuery, { enabled = true } = {}) {
  return useInfiniteQuery({
    ...vodItemsQueryOptions(useApiClient(), query),
    placeholderData: keepPreviousData,
    enabled,
  })
}
