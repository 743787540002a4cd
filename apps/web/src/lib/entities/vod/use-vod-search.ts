import { constants } from '@fieldhouse/contract'
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import type { ApiClient } from '../../api/api-client'
import { useApiClient } from '../../api/api-context'
import { vodPagesQueryOptions } from './vod-schemas'

export interface VodSearchQuery {
  title: string
  category_id?: number
}

// Spec §7 and §9: 10 at a time from offset 0, sorted by date unless asked otherwise.
export const vodSearchQueryOptions = (api: ApiClient, query: VodSearchQuery) =>
  vodPagesQueryOptions(
    api,
    ['vod-media', 'search', query] as const,
    'vod-media/search',
    query,
    constants.vodSearch.offset,
  )

/** `GET /api/vod-media/search` by title; a new search cancels the one it replaces. */
export function useVodSearch(query: VodSearchQuery, { enabled = true } = {}) {
  return useInfiniteQuery({
    ...vodSearchQueryOptions(useApiClient(), query),
    placeholderData: keepPreviousData,
    enabled,
  })
}
