import type { Favorite } from '@fieldhouse/contract'
import { useMutation } from '@tanstack/react-query'
import { useApiClient } from '../../api/api-context'
import { type FavoriteTarget, withFavoriteRemoved } from './favorite-list'
import { favoriteMutationKey } from './query-keys'
import { useFavoritesUpdate } from './use-favorites-update'

/** `DELETE /api/favorite/{id}`. The favourite goes at once; an error brings it back. */
export function useRemoveFavorite(target: FavoriteTarget) {
  const api = useApiClient()
  const favorites = useFavoritesUpdate()
  return useMutation({
    mutationKey: favoriteMutationKey(target.type, target.id),
    mutationFn: async (favorite: Favorite) => {
      await api.delete(`favorite/${favorite.id}`)
    },
    onMutate: () => favorites.change((list) => withFavoriteRemoved(list, target.type, target.id)),
    onError: (_error, _favorite, context) => favorites.restore(context),
    onSettled: favorites.refresh,
  })
}
