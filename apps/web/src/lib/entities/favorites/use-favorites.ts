import { type Favorite, FavoriteSchema } from '@fieldhouse/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import type { ApiClient } from '../../api/api-client'
import { useApiClient } from '../../api/api-context'
import { useAppStore } from '../../store/app-store'
import { favoritesQueryKey } from './query-keys'

export const favoritesQueryOptions = (api: ApiClient, userId: number) =>
  queryOptions({
    queryKey: favoritesQueryKey(userId),
    queryFn: async ({ signal }): Promise<Favorite[]> =>
      z.array(FavoriteSchema).parse((await api.get('favorites', { signal })).data),
  })

/** `GET /api/favorites`: the signed-in viewer's teams, schools and sports; nothing is asked for anyone else. */
export function useFavorites() {
  const api = useApiClient()
  const userId = useAppStore((state) => state.user?.id ?? null)
  return useQuery({ ...favoritesQueryOptions(api, userId ?? 0), enabled: userId !== null })
}
