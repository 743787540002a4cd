import { BootstrapSchema, ClientInterface } from '@fieldhouse/contract'
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { z } from 'zod'
import type { ApiClient } from '../../../lib/api/api-client'
import { useApiClient } from '../../../lib/api/api-context'
import type { CategoryRef } from '../domain-category'
import { channelStaleTime } from './query-defaults'

const CategoryRefSchema: z.ZodType<CategoryRef> = z.lazy(() =>
  z.looseObject({ alias: z.string().nullish(), children: z.array(CategoryRefSchema).nullish() }),
)

/** The bootstrap parts this build reads; later capabilities add theirs (unknown keys are ignored). */
export const ChannelBootstrapSchema = BootstrapSchema.extend({
  'events-categories': z.array(CategoryRefSchema).optional(),
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
