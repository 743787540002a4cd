import { type QueryKey, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { useApiClient } from '../../api/api-context'
import type { QueryObject } from '../../api/query-string'
import { useAppStore } from '../../store/app-store'

/**
 * A list that belongs to the signed-in viewer (`GET /api/<path>`): keyed under the user, so that
 * signing in or out drops it, and not asked for while nobody is signed in.
 */
export function useViewerList<S extends z.ZodType>(
  queryKey: (userId: number) => QueryKey,
  path: string,
  schema: S,
  {
    query,
    refetchInterval,
  }: { query?: QueryObject; refetchInterval?: (list: z.output<S>[] | undefined) => number | false } = {},
) {
  const api = useApiClient()
  const userId = useAppStore((state) => state.user?.id ?? null)
  return useQuery({
    queryKey: queryKey(userId ?? 0),
    queryFn: async ({ signal }): Promise<z.output<S>[]> =>
      z.array(schema).parse((await api.get(path, { query, signal })).data),
    enabled: userId !== null,
    refetchInterval: refetchInterval && ((state) => refetchInterval(state.state.data)),
  })
}
