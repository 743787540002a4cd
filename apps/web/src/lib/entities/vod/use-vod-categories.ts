import { VodCategorySchema } from '@fieldhouse/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import type { ApiClient } from '../../api/api-client'
import { useApiClient } from '../../api/api-context'
import { channelStaleTime } from '../channel/query-defaults'

export const vodCategoriesQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: ['vod-media-categories'] as const,
    queryFn: async ({ signal }) =>
      z.array(VodCategorySchema).parse((await api.get('vod-media-categories', { signal })).data),
    staleTime: channelStaleTime,
  })

/** `GET /api/vod-media-categories`. */
export function useVodCategories() {
  return useQuery(vodCategoriesQueryOptions(useApiClient()))
}
