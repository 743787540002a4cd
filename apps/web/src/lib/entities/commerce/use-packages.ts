import { MINUTE, type Package, PackageSchema } from '@fieldhouse/contract'
import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { useApiClient } from '../../api/api-context'
import { packagesQueryKey } from './query-keys'

/** `GET /api/packages?no_limit=1` (spec §7): packages, team passes, add-ons and single-game passes. */
export function usePackages({ enabled = true }: { enabled?: boolean } = {}) {
  const api = useApiClient()
  return useQuery({
    queryKey: packagesQueryKey,
    queryFn: async ({ signal }): Promise<Package[]> =>
      z.array(PackageSchema).parse((await api.get('packages', { query: { no_limit: 1 }, signal })).data),
    enabled,
    staleTime: MINUTE,
  })
}
