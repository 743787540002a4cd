import { type ParticipantGroup, ParticipantGroupSchema } from '@fieldhouse/contract'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { ApiClient } from '../../api/api-client'
import { useApiClient } from '../../api/api-context'
import { channelListQueryOptions } from '../channel/channel-list-query'

export const participantGroupsQueryKey = ['participant-groups'] as const

export const participantGroupsQueryOptions = (api: ApiClient) =>
  channelListQueryOptions(api, participantGroupsQueryKey, 'participant-groups', ParticipantGroupSchema)

/** `GET /api/participant-groups`: the schools (seeded from the bootstrap data). */
export function useParticipantGroups(): ParticipantGroup[] {
  return useSuspenseQuery(participantGroupsQueryOptions(useApiClient())).data
}
