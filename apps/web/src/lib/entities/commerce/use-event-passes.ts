import { MINUTE, type Package, PackageSchema } from '@fieldhouse/contract'
import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { useApiClient } from '../../api/api-context'
import { eventPassesQueryKey } from './query-keys'

/** `GET /api/events/{id}/passes`: exactly the passes that would open the event. */
export function useEventPasses(eventId: number | null) {
  const api = useApiClient()
  return useQuery({
    queryKey: eventPassesQueryKey(eventId ?? 0),
    queryFn: async ({ signal }): Promise<Package[]> =>
      z.array(PackageSchema).parse((await api.get(`events/${eventId}/passes`, { signal })).data),
    enabled: eventId !== null,
    staleTime: MINUTE,
  })
}
