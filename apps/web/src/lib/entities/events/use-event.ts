import { type EventDetail, EventDetailSchema } from '@fieldhouse/contract'
import { useQuery } from '@tanstack/react-query'
import { useApiClient } from '../../api/api-context'
import { useAppStore } from '../../store/app-store'
import { detailPolling, watchDetailQueryOptions } from '../playback/watch-detail-query'
import { eventQueryKey } from './query-keys'

export const eventQueryOptions = watchDetailQueryOptions('event', EventDetailSchema, eventQueryKey)

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
