import { PageSchema } from '@fieldhouse/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ApiClient } from '../../api/api-client'
import { useApiClient } from '../../api/api-context'
import { channelStaleTime } from '../channel/query-defaults'

export const pageQueryKey = (id: number) => ['pages', id] as const

export const pageQueryOptions = (api: ApiClient, id: number) =>
  queryOptions({
    queryKey: pageQueryKey(id),
    queryFn: async ({ signal }) => PageSchema.parse((await api.get(`pages/${id}`, { signal })).data),
    staleTime: channelStaleTime,
  })

/** `GET /api/pages/{id}`; pass undefined when the channel has no such page. */
export function usePage(id: number | undefined) {
  const api = useApiClient()
  return useQuery({ ...pageQueryOptions(api, id ?? 0), enabled: id !== undefined })
}
