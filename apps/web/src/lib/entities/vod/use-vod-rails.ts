import { MINUTE, VodRailSchema } from '@fieldhouse/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import type { ApiClient } from '../../api/api-client'
import { useApiClient } from '../../api/api-context'

export const vodRailsQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: ['vod-media-rails'] as const,
    queryFn: async ({ signal }) => z.array(VodRailSchema).parse((await api.get('vod-media-rails', { signal })).data),
    staleTime: MINUTE,
  })

/** `GET /api/vod-media-rails`: the library's curated rows. */
export function useVodRails() {
  return useQuery(vodRailsQueryOptions(useApiClient()))
}
