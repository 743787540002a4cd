import { type EventCategory, EventCategorySchema } from '@fieldhouse/contract'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { ApiClient } from '../../api/api-client'
import { useApiClient } from '../../api/api-context'
import { channelListQueryOptions } from '../channel/channel-list-query'

export const eventCategoriesQueryKey = ['events-categories'] as const

export const eventCategoriesQueryOptions = (api: ApiClient) =>
  channelListQueryOptions(api, eventCategoriesQueryKey, 'events-categories', EventCategorySchema)

/** `GET /api/events-categories`: sports with their divisions (seeded from the bootstrap data). */
export function useEventCategories(): EventCategory[] {
  return useSuspenseQuery(eventCategoriesQueryOptions(useApiClient())).data
}
