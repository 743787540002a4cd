import { type Event, EventSchema } from '@fieldhouse/contract'
import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { useApiClient } from '../../api/api-context'

/** `GET /api/events/with_clip` (spec §7): the games that have clips, for the moments feed's game filter. */
export function useEventsWithClip() {
  const api = useApiClient()
  return useQuery({
    queryKey: ['events', 'with_clip'],
    queryFn: async ({ signal }): Promise<Event[]> =>
      z.array(EventSchema).parse((await api.get('events/with_clip', { query: { no_limit: 1 }, signal })).data),
    staleTime: 60_000,
  })
}
