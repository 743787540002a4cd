import {
  BootstrapSchema,
  EventCategorySchema,
  EventLocationSchema,
  ParticipantGroupPropertySchema,
  ParticipantGroupSchema,
} from '@fieldhouse/contract'
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { z } from 'zod'
import type { ApiClient, ApiEnvelope } from '../../api/api-client'
import { useApiClient } from '../../api/api-context'
import { bootstrapPath, bootstrapQuery } from './bootstrap-query'
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

export { bootstrapPath, bootstrapQuery }

/** The bootstrap query; `answer`, the start's own request of it (`early-start.ts`), is parsed instead of asking again. */
export const bootstrapQueryOptions = (api: ApiClient, answer?: Promise<ApiEnvelope<unknown>>) =>
  queryOptions({
    queryKey: ['channel-bootstrap-data', bootstrapQuery] as const,
    queryFn: async ({ signal }) =>
      ChannelBootstrapSchema.parse((await (answer ?? api.get(bootstrapPath, { query: bootstrapQuery, signal }))).data),
    staleTime: channelStaleTime,
  })

export function useBootstrap(): ChannelBootstrap {
  return useSuspenseQuery(bootstrapQueryOptions(useApiClient())).data
}

/** Static blocks arrive only with the bootstrap data. */
export const useStaticBlocks = () => useBootstrap().static_blocks
