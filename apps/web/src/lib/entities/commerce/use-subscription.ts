import { MINUTE, type Package, PackageSchema } from '@fieldhouse/contract'
import { useQuery } from '@tanstack/react-query'
import { useApiClient } from '../../api/api-context'
import { subscriptionQueryKey } from './query-keys'

/** `GET /api/subscriptions/{id}`: one subscription (404 "Pass not found"). */
export function useSubscription(id: number | null) {
  const api = useApiClient()
  return useQuery({
    queryKey: subscriptionQueryKey(id ?? 0),
    queryFn: async ({ signal }): Promise<Package> =>
      PackageSchema.parse((await api.get(`subscriptions/${id}`, { signal })).data),
    enabled: id !== null,
    staleTime: MINUTE,
  })
}
