import { EventsForHomepageSchema, MINUTE } from '@fieldhouse/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ApiClient } from '../../api/api-client'
import { useApiClient } from '../../api/api-context'
import { useAppStore } from '../../store/app-store'
import { homepageEventsQueryKey } from './query-keys'

export const homepageEventsQueryOptions = (api: ApiClient, viewerId: number | null) =>
  queryOptions({
    queryKey: homepageEventsQueryKey(viewerId),
    queryFn: async ({ signal }) =>
      EventsForHomepageSchema.parse((await api.get('events-for-homepage', { signal })).data),
    staleTime: MINUTE,
  })

/** `GET /api/events-for-homepage`: the live, upcoming and finished events the home page shows. */
export function useHomepageEvents() {
  const api = useApiClient()
  const viewerId = useAppStore((state) => state.user?.id ?? null)
  return useQuery(homepageEventsQueryOptions(api, viewerId))
}
