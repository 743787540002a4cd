import { type Geo, GeoSchema, MINUTE } from '@fieldhouse/contract'
import { useQuery } from '@tanstack/react-query'
import { useApiClient } from '../../api/api-context'

export const geoQueryKey = ['geo'] as const

/**
 * `GET /api/geo` (spec §7): where the server places the viewer (country, code, address) and whether
 * the channel's rules keep that country out. Asked once a visit and kept a few minutes: a viewer
 * changes country (a VPN, a border) rarely within a page.
 */
export function useGeo() {
  const api = useApiClient()
  return useQuery({
    queryKey: geoQueryKey,
    queryFn: async ({ signal }): Promise<Geo> => GeoSchema.parse((await api.get('geo', { signal })).data),
    staleTime: 5 * MINUTE,
    retry: false,
  })
}
