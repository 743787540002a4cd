import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import type { ApiClient } from '../../api/api-client'
import { channelStaleTime } from './query-defaults'

/**
 * A list of the channel's configuration (`GET /api/<path>`), the same for every viewer: seeded from
 * the bootstrap data, asked again once that is stale.
 */
export const channelListQueryOptions = <K extends readonly unknown[], S extends z.ZodType>(
  api: ApiClient,
  queryKey: K,
  path: string,
  schema: S,
) =>
  queryOptions({
    queryKey,
    queryFn: async ({ signal }): Promise<z.output<S>[]> =>
      z.array(schema).parse((await api.get(path, { signal })).data),
    staleTime: channelStaleTime,
  })
