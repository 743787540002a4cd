import type { Favorite } from '@fieldhouse/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useAppStore } from '../../store/app-store'
import { favoriteEventsRoot, favoritesQueryKey } from './query-keys'

type FavoriteList = (list: Favorite[]) => Favorite[]

/**
 * The viewer's favourites as adding or removing one changes them: at once (`change`, whose answer
 * `restore` puts back on an error), with the saved answer (`save`), and asked again once settled.
 */
export function useFavoritesUpdate() {
  const queryClient = useQueryClient()
  const userId = useAppStore((state) => state.user?.id ?? null)
  const key = favoritesQueryKey(userId ?? 0)
  return {
    signedIn: userId !== null,
    change: async (update: FavoriteList) => {
      await queryClient.cancelQueries({ queryKey: key })
      const previous = queryClient.getQueryData<Favorite[]>(key)
      queryClient.setQueryData<Favorite[]>(key, (list) => update(list ?? []))
      return { previous }
    },
    restore: (context: { previous: Favorite[] | undefined } | undefined) => {
      queryClient.setQueryData(key, context?.previous)
    },
    save: (update: FavoriteList) => {
      queryClient.setQueryData<Favorite[]>(key, (list) => update(list ?? []))
    },
    refresh: () => {
      void queryClient.invalidateQueries({ queryKey: key })
      void queryClient.invalidateQueries({ queryKey: favoriteEventsRoot(userId ?? 0) })
    },
  }
}
