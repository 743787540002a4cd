import type { Favorite } from '@fieldhouse/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useApiClient } from '../../api/api-context'
import { useAppStore } from '../../store/app-store'
import { type FavoriteTarget, withFavoriteRemoved } from './favorite-list'
import { favoriteEventsRoot, favoriteMutationKey, favoritesQueryKey } from './query-keys'

/** `DELETE /api/favorite/{id}`. The favourite goes at once; an error brings it back. */
export function useRemoveFavorite(target: FavoriteTarget) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  const userId = useAppStore((state) => state.user?.id ?? null)
  const key = favoritesQueryKey(userId ?? 0)
  return useMutation({
    mutationKey: favoriteMutationKey(target.type, target.id),
    mutationFn: async (favorite: Favorite) => {
      await api.delete(`favorite/${favorite.id}`)
    },
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: key })
      const previous = queryClient.getQueryData<Favorite[]>(key)
      queryClient.setQueryData<Favorite[]>(key, (list) => withFavoriteRemoved(list ?? [], target.type, target.id))
      return { previous }
    },
    onError: (_error, _favorite, context) => {
      queryClient.setQueryData(key, context?.previous)
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: key })
      void queryClient.invalidateQueries({ queryKey: favoriteEventsRoot(userId ?? 0) })
    },
  })
}
