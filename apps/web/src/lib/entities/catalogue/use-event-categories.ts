import { type EventCategory, EventCategorySchema } from '@fieldhouse/contract'
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { z } from 'zod'
import type { ApiClient } from '../../api/api-client'
import { useApiClient } from '../../api/api-context'
import { channelStaleTime } from '../channel/query-defaults'

export const eventCategoriesQueryKey = ['events-categories'] as const

export const eventCategoriesQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: eventCategoriesQueryKey,
    queryFn: async ({ signal }) =>
      z.array(EventCategorySchema).parse((await api.get('events-categories', { signal })).data),
    staleTime: channelStaleTime,
  })

/** `GET /api/events-categories`: sports with their divisions (seeded from the bootstrap data). */
export function useEventCategories(): EventCategory[] {
  return useSuspenseQuery(eventCategoriesQueryOptions(useApiClient())).data
}
