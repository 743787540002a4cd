import {
  BootstrapSchema,
  ClientInterface,
  EventCategorySchema,
  EventLocationSchema,
  ParticipantGroupPropertySchema,
  ParticipantGroupSchema,
} from '@fieldhouse/contract'
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { z } from 'zod'
import type { ApiClient } from '../../api/api-client'
import { useApiClient } from '../../api/api-context'
import { channelStaleTime } from './query-defaults'

/**
 * The bootstrap parts this build reads; later capabilities add theirs (unknown keys are ignored). The
 * catalogue parts are there whenever the channel has such data (spec §7), and seed their own queries.
 */
export const ChannelBootstrapSchema = BootstrapSchema.extend({
  'events-categories': z.array(EventCategorySchema).optional(),
  'events-locations': z.array(EventLocationSchema).optional(),
  'participant-groups': z.array(ParticipantGroupSchema).optional(),
  'participant-group-properties': z.array(ParticipantGroupPropertySchema).optional(),
})
export type ChannelBootstrap = z.infer<typeof ChannelBootstrapSchema>

export const bootstrapQuery = {
  'color-settings': { client_interface: ClientInterface.web },
  slides: { client_interface: ClientInterface.web },
} as const

export const bootstrapQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: ['channel-bootstrap-data', bootstrapQuery] as const,
    queryFn: async ({ signal }) =>
      ChannelBootstrapSchema.parse((await api.get('channel-bootstrap-data', { query: bootstrapQuery, signal })).data),
    staleTime: channelStaleTime,
  })

export function useBootstrap(): ChannelBootstrap {
  return useSuspenseQuery(bootstrapQueryOptions(useApiClient())).data
}

/** Static blocks arrive only with the bootstrap data. */
export const useStaticBlocks = () => useBootstrap().static_blocks
