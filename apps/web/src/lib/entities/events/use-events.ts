import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import type { ApiClient } from '../../api/api-client'
import { useApiClient } from '../../api/api-context'
import type { QueryObject } from '../../api/query-string'
import { useAppStore } from '../../store/app-store'
import { EventsPageSchema, nextOffset } from './events-schemas'
import { eventsListQueryKey } from './query-keys'

export const EVENTS_PAGE_SIZE = 24

export const eventsQueryOptions = (api: ApiClient, viewerId: number | null, query: QueryObject, pageSize: number) =>
  infiniteQueryOptions({
    queryKey: eventsListQueryKey(viewerId, query, pageSize),
    // The signal cancels a page nobody waits for any more (spec §7: events-list requests are cancellable).
    queryFn: async ({ pageParam, signal }) =>
      EventsPageSchema.parse(
        await api.get('events', { query: { ...query, offset: pageParam, limit: pageSize }, signal }),
      ),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  })

/**
 * `GET /api/events` with filters (spec §7), page after page. A change of filters keeps the last answer
 * on screen until the new one arrives.
 */
export function useEvents(query: QueryObject, { pageSize = EVENTS_PAGE_SIZE, enabled = true } = {}) {
  const api = useApiClient()
  const viewerId = useAppStore((state) => state.user?.id ?? null)
  return useInfiniteQuery({
    ...eventsQueryOptions(api, viewerId, query, pageSize),
    placeholderData: keepPreviousData,
    enabled,
  })
}
