import { type ParticipantGroupProperty, ParticipantGroupPropertySchema } from '@fieldhouse/contract'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { ApiClient } from '../../api/api-client'
import { useApiClient } from '../../api/api-context'
import { channelListQueryOptions } from '../channel/channel-list-query'

export const participantGroupPropertiesQueryKey = ['participant-group-properties'] as const

export const participantGroupPropertiesQueryOptions = (api: ApiClient) =>
  channelListQueryOptions(
    api,
    participantGroupPropertiesQueryKey,
    'participant-group-properties',
    ParticipantGroupPropertySchema,
  )

/**
 * `GET /api/participant-group-properties`: each property the schools have (city, state, conference…)
 * with its values; seeded from the bootstrap data, asked again once that is stale.
 */
export function useParticipantGroupProperties(): ParticipantGroupProperty[] {
  return useSuspenseQuery(participantGroupPropertiesQueryOptions(useApiClient())).data
}
