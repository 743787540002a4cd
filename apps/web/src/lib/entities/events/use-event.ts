import { type EventDetail, EventDetailSchema } from '@fieldhouse/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ApiClient, ApiEnvelope } from '../../api/api-client'
import { useApiClient } from '../../api/api-context'
import { useAppStore } from '../../store/app-store'
import { detailPolling } from '../playback/detail-polling'
import { watchDetailPath } from '../playback/watch-source'
import { eventQueryKey } from './query-keys'

/** `answer`: the detail's request, already sent (by the start of a page opened on the game). */
export const eventQueryOptions = (
  api: ApiClient,
  viewerId: number | null,
  id: number,
  answer?: Promise<ApiEnvelope<unknown>>,
) =>
  queryOptions({
    queryKey: eventQueryKey(viewerId, id),
    queryFn: async ({ signal }) =>
      EventDetailSchema.parse((await (answer ?? api.get(watchDetailPath({ kind: 'event', id }), { signal }))).data),
  })

/**
 * `GET /api/events/{id}`: the event with its video (media status, poster, and playback URLs for a viewer
 * who may watch). `refetchInterval` lets the watch page ask again while it waits for the start or an encode.
 */
export function useEvent(
  id: number | null,
  { refetchInterval }: { refetchInterval?: (data: EventDetail) => number | false } = {},
) {
  const api = useApiClient()
  const viewerId = useAppStore((state) => state.user?.id ?? null)
  return useQuery({
    ...eventQueryOptions(api, viewerId, id ?? 0),
    ...detailPolling(id, refetchInterval),
  })
}
