import { MINUTE, VodMediaSchema } from '@fieldhouse/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ApiClient } from '../../../lib/api/api-client'
import { useApiClient } from '../../../lib/api/api-context'

export const vodItemQueryOptions = (api: ApiClient, id: number) =>
  queryOptions({
    queryKey: ['vod-media-items', 'one', id] as const,
    queryFn: async ({ signal }) => VodMediaSchema.parse((await api.get(`vod-media-items/${id}`, { signal })).data),
    staleTime: MINUTE,
  })

/** `GET /api/vod-media-items/{id}`. */
export function useVodItem(id: number | null) {
  return useQuery({ ...vodItemQueryOptions(useApiClient(), id ?? 0), enabled: id !== null })
}
