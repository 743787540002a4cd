import { type EventLocation, EventLocationSchema } from '@fieldhouse/contract'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { ApiClient } from '../../api/api-client'
import { useApiClient } from '../../api/api-context'
import { channelListQueryOptions } from '../channel/channel-list-query'

export const eventLocationsQueryKey = ['events-locations'] as const

export const eventLocationsQueryOptions = (api: ApiClient) =>
  channelListQueryOptions(api, eventLocationsQueryKey, 'events-locations', EventLocationSchema)

/** `GET /api/events-locations`: the venues (seeded from the bootstrap data). */
export function useEventLocations(): EventLocation[] {
  return useSuspenseQuery(eventLocationsQueryOptions(useApiClient())).data
}
