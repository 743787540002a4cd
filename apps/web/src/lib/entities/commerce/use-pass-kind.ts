import { MINUTE, type Package, PackageSchema } from '@fieldhouse/contract'
import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { useApiClient } from '../../api/api-context'
import { packageQueryKey, packagesQueryKey, subscriptionQueryKey, subscriptionsQueryKey } from './query-keys'

/** The two kinds of pass on sale, each at its own path and under its own keys. */
const passKinds = {
  packages: { listKey: packagesQueryKey, oneKey: packageQueryKey },
  subscriptions: { listKey: subscriptionsQueryKey, oneKey: subscriptionQueryKey },
} as const

export type PassKind = keyof typeof passKinds

/** `GET /api/<kind>?no_limit=1` (spec §7): every pass of the kind. */
export function usePassList(kind: PassKind, { enabled = true }: { enabled?: boolean } = {}) {
  const api = useApiClient()
  return useQuery({
    queryKey: passKinds[kind].listKey,
    queryFn: async ({ signal }): Promise<Package[]> =>
      z.array(PackageSchema).parse((await api.get(kind, { query: { no_limit: 1 }, signal })).data),
    enabled,
    staleTime: MINUTE,
  })
}

/** `GET /api/<kind>/{id}`: one pass of the kind (404 "Pass not found"). */
export function usePassOfKind(kind: PassKind, id: number | null) {
  const api = useApiClient()
  return useQuery({
    queryKey: passKinds[kind].oneKey(id ?? 0),
    queryFn: async ({ signal }): Promise<Package> =>
      PackageSchema.parse((await api.get(`${kind}/${id}`, { signal })).data),
    enabled: id !== null,
    staleTime: MINUTE,
  })
}
