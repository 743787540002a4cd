import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ApiClient } from '../../api/api-client'
import { useApiClient } from '../../api/api-context'
import type { QueryObject } from '../../api/query-string'
import { useAppStore } from '../../store/app-store'
import { EventsPageSchema } from '../events/events-schemas'
import { favoriteEventsQueryKey } from './query-keys'

/** Spec §7: empty values are dropped from the favourite events query. */
const withoutEmpty = (query: QueryObject): QueryObject =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== '' && value !== null && value !== undefined))

export const favoriteEventsQueryOptions = (api: ApiClient, userId: number, query: QueryObject) =>
  queryOptions({
    queryKey: favoriteEventsQueryKey(userId, withoutEmpty(query)),
    queryFn: async ({ signal }) =>
      EventsPageSchema.parse(await api.get('events/favorite', { query: withoutEmpty(query), signal })),
  })

/**
 * `GET /api/events/favorite` (stream_status, start_date, end_date, offset, limit, sort_field,
 * sort_direction): events of the teams, schools and sports the signed-in viewer follows.
 */
export function useFavoriteEvents(query: QueryObject, { enabled = true } = {}) {
  const api = useApiClient()
  const userId = useAppStore((state) => state.user?.id ?? null)
  return useQuery({
    ...favoriteEventsQueryOptions(api, userId ?? 0, query),
    enabled: enabled && userId !== null,
  })
}
