import { MINUTE, type Package, PackageSchema } from '@fieldhouse/contract'
import { useQuery } from '@tanstack/react-query'
import { useApiClient } from '../../api/api-context'
import { packageQueryKey } from './query-keys'

/** `GET /api/packages/{id}`: one package, team pass, add-on or single-game pass (404 "Pass not found"). */
export function usePackage(id: number | null) {
  const api = useApiClient()
  return useQuery({
    queryKey: packageQueryKey(id ?? 0),
    queryFn: async ({ signal }): Promise<Package> =>
      PackageSchema.parse((await api.get(`packages/${id}`, { signal })).data),
    enabled: id !== null,
    staleTime: MINUTE,
  })
}
