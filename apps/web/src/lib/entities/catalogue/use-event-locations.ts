import { type EventLocation, EventLocationSchema } from '@fieldhouse/contract'
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { z } from 'zod'
import type { ApiClient } from '../../api/api-client'
import { useApiClient } from '../../api/api-context'
import { channelStaleTime } from '../channel/query-defaults'

export const eventLocationsQueryKey = ['events-locations'] as const

export const eventLocationsQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: eventLocationsQueryKey,
    queryFn: async ({ signal }) =>
      z.array(EventLocationSchema).parse((await api.get('events-locations', { signal })).data),
    staleTime: channelStaleTime,
  })

/** `GET /api/events-locations`: the venues (seeded from the bootstrap data). */
export function useEventLocations(): EventLocation[] {
  return useSuspenseQuery(eventLocationsQueryOptions(useApiClient())).data
}
