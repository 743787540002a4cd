import { type Bundle, BundleSchema, MINUTE } from '@fieldhouse/contract'
import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { useApiClient } from '../../api/api-context'
import { bundlesQueryKey } from './query-keys'

/** `GET /api/bundles`: several passes sold together at one price. */
export function useBundles({ enabled = true }: { enabled?: boolean } = {}) {
  const api = useApiClient()
  return useQuery({
    queryKey: bundlesQueryKey,
    queryFn: async ({ signal }): Promise<Bundle[]> =>
      z.array(BundleSchema).parse((await api.get('bundles', { signal })).data),
    enabled,
    staleTime: MINUTE,
  })
}
