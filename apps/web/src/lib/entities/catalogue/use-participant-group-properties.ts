import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { z } from 'zod'
import type { ApiClient } from '../../api/api-client'
import { useApiClient } from '../../api/api-context'
import { channelStaleTime } from '../channel/query-defaults'

export const ParticipantGroupPropertySchema = z.object({ name: z.string(), values: z.array(z.string()) })
export type ParticipantGroupProperty = z.infer<typeof ParticipantGroupPropertySchema>

export const participantGroupPropertiesQueryKey = ['participant-group-properties'] as const

export const participantGroupPropertiesQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: participantGroupPropertiesQueryKey,
    queryFn: async ({ signal }) =>
      z.array(ParticipantGroupPropertySchema).parse((await api.get('participant-group-properties', { signal })).data),
    staleTime: channelStaleTime,
  })

/** `GET /api/participant-group-properties`: each property the schools have (city, state, conference…) with its values. */
export function useParticipantGroupProperties(): ParticipantGroupProperty[] {
  return useSuspenseQuery(participantGroupPropertiesQueryOptions(useApiClient())).data
}
