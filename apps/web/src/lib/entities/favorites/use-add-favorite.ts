import { type Favorite, FavoriteSchema } from '@fieldhouse/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useApiClient } from '../../api/api-context'
import { useAppStore } from '../../store/app-store'
import { type FavoriteTarget, withFavoriteAdded, withFavoriteSaved } from './favorite-list'
import { favoriteRequest } from './favorite-request'
import { favoriteEventsRoot, favoriteMutationKey, favoritesQueryKey } from './query-keys'

let temporaryIds = 0

/**
 * `POST /api/favorite` with favoritable_id and favoritable_type, checked in the browser first (spec §5,
 * `favoriteRequest`). The favourite shows at once; an error puts the list back as it was.
 */
export function useAddFavorite(target: FavoriteTarget) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  const userId = useAppStore((state) => state.user?.id ?? null)
  const key = favoritesQueryKey(userId ?? 0)
  return useMutation({
    mutationKey: favoriteMutationKey(target.type, target.id),
    mutationFn: async (): Promise<Favorite> =>
      FavoriteSchema.parse((await api.post('favorite', favoriteRequest(target, userId !== null))).data),
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: key })
      const previous = queryClient.getQueryData<Favorite[]>(key)
      queryClient.setQueryData<Favorite[]>(key, (list) => withFavoriteAdded(list ?? [], target, --temporaryIds))
      return { previous }
    },
    onError: (_error, _input, context) => {
      queryClient.setQueryData(key, context?.previous)
    },
    onSuccess: (saved) => {
      queryClient.setQueryData<Favorite[]>(key, (list) => withFavoriteSaved(list ?? [], saved))
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: key })
      void queryClient.invalidateQueries({ queryKey: favoriteEventsRoot(userId ?? 0) })
    },
  })
}
