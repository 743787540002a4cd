import { type ParticipantGroupProperty, ParticipantGroupPropertySchema } from '@fieldhouse/contract'
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { z } from 'zod'
import type { ApiClient } from '../../api/api-client'
import { useApiClient } from '../../api/api-context'
import { channelStaleTime } from '../channel/query-defaults'

export const participantGroupPropertiesQueryKey = ['participant-group-properties'] as const

export const participantGroupPropertiesQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: participantGroupPropertiesQueryKey,
    queryFn: async ({ signal }) =>
      z.array(ParticipantGroupPropertySchema).parse((await api.get('participant-group-properties', { signal })).data),
    staleTime: channelStaleTime,
  })

/**
 * `GET /api/participant-group-properties`: each property the schools have (city, state, conference…)
 * with its values; seeded from the bootstrap data, asked again once that is stale.
 */
export function useParticipantGroupProperties(): ParticipantGroupProperty[] {
  return useSuspenseQuery(participantGroupPropertiesQueryOptions(useApiClient())).data
}
