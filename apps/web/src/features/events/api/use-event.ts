import { EventSchema } from '@fieldhouse/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ApiClient } from '../../../lib/api/api-client'
import { useApiClient } from '../../../lib/api/api-context'
import { useAppStore } from '../../../lib/store/app-store'
import { eventQueryKey } from './query-keys'

export const eventQueryOptions = (api: ApiClient, viewerId: number | null, id: number) =>
  queryOptions({
    queryKey: eventQueryKey(viewerId, id),
    queryFn: async ({ signal }) => EventSchema.parse((await api.get(`events/${id}`, { signal })).data),
  })

/** `GET /api/events/{id}`. */
export function useEvent(id: number | null) {
  const api = useApiClient()
  const viewerId = useAppStore((state) => state.user?.id ?? null)
  return useQuery({ ...eventQueryOptions(api, viewerId, id ?? 0), enabled: id !== null })
}
