import { dataOf, type EventKeyPlays, EventKeyPlaysSchema } from '@fieldhouse/contract'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useApiClient } from '../../api/api-context'
import { keyPlaysPollMs } from './key-plays-refetch'
import { eventKeyPlaysKey } from './query-keys'

const EventKeyPlaysAnswerSchema = dataOf(EventKeyPlaysSchema)

/**
 * `GET /api/events/{id}/key-plays`: the game's key plays in the order played, and its highlight reel.
 * `version` is the game's score timeline version (`useScoreTimeline`, which long-polls): a newer one is
 * a new key, so the list is asked for again whenever the timeline changes, the previous list shown
 * meanwhile. While a key play's clip is being cut it is asked for every 2 s (`keyPlaysPollMs`).
 */
export function useEventKeyPlays(
  eventId: number | null,
  version: number | null | undefined,
  { enabled = true }: { enabled?: boolean } = {},
) {
  const api = useApiClient()
  return useQuery({
    queryKey: eventKeyPlaysKey(eventId ?? 0, version ?? null),
    queryFn: async ({ signal }): Promise<EventKeyPlays> =>
      EventKeyPlaysAnswerSchema.parse(await api.get(`events/${eventId ?? 0}/key-plays`, { signal })).data,
    enabled: enabled && eventId !== null,
    placeholderData: keepPreviousData,
    // Fresh until the timeline's version moves (a new key) or a clip is being cut (the interval).
    staleTime: Number.POSITIVE_INFINITY,
    refetchInterval: (query) => keyPlaysPollMs(query.state.data),
  })
}
