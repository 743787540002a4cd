import { MINUTE, type Package, PackageSchema } from '@fieldhouse/contract'
import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { useApiClient } from '../../api/api-context'
import { subscriptionsQueryKey } from './query-keys'

/** `GET /api/subscriptions?no_limit=1` (spec §7). */
export function useSubscriptions({ enabled = true }: { enabled?: boolean } = {}) {
  const api = useApiClient()
  return useQuery({
    queryKey: subscriptionsQueryKey,
    queryFn: async ({ signal }): Promise<Package[]> =>
      z.array(PackageSchema).parse((await api.get('subscriptions', { query: { no_limit: 1 }, signal })).data),
    enabled,
    staleTime: MINUTE,
  })
}
