import { type ParticipantGroup, ParticipantGroupSchema } from '@fieldhouse/contract'
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { z } from 'zod'
import type { ApiClient } from '../../api/api-client'
import { useApiClient } from '../../api/api-context'
import { channelStaleTime } from '../channel/query-defaults'

export const participantGroupsQueryKey = ['participant-groups'] as const

export const participantGroupsQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: participantGroupsQueryKey,
    queryFn: async ({ signal }) =>
      z.array(ParticipantGroupSchema).parse((await api.get('participant-groups', { signal })).data),
    staleTime: channelStaleTime,
  })

/** `GET /api/participant-groups`: the schools (seeded from the bootstrap data). */
export function useParticipantGroups(): ParticipantGroup[] {
  return useSuspenseQuery(participantGroupsQueryOptions(useApiClient())).data
}
