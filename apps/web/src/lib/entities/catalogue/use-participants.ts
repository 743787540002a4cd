import { type Participant, ParticipantSchema } from '@fieldhouse/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import type { ApiClient } from '../../api/api-client'
import { useApiClient } from '../../api/api-context'
import { channelStaleTime } from '../channel/query-defaults'

export const participantsQueryKey = (groupId: number | null) => ['participants', { group: groupId }] as const

export const participantsQueryOptions = (api: ApiClient, groupId: number | null = null) =>
  queryOptions({
    queryKey: participantsQueryKey(groupId),
    queryFn: async ({ signal }): Promise<Participant[]> =>
      z
        .array(ParticipantSchema)
        .parse((await api.get('participants', { query: { no_limit: 1, group: groupId ?? undefined }, signal })).data),
    staleTime: channelStaleTime,
  })

/** `GET /api/participants?no_limit=1` (spec §7), optionally one school's teams (`group`). */
export function useParticipants(groupId: number | null = null, { enabled = true } = {}) {
  return useQuery({ ...participantsQueryOptions(useApiClient(), groupId), enabled })
}
