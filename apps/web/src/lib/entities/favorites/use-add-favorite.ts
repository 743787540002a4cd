import { type Favorite, FavoriteSchema } from '@fieldhouse/contract'
import { useMutation } from '@tanstack/react-query'
import { useApiClient } from '../../api/api-context'
import { type FavoriteTarget, withFavoriteAdded, withFavoriteSaved } from './favorite-list'
import { favoriteRequest } from './favorite-request'
import { favoriteMutationKey } from './query-keys'
import { useFavoritesUpdate } from './use-favorites-update'

let temporaryIds = 0

/**
 * `POST /api/favorite` with favoritable_id and favoritable_type, checked in the browser first (spec §5,
 * `favoriteRequest`). The favourite shows at once; an error puts the list back as it was.
 */
export function useAddFavorite(target: FavoriteTarget) {
  const api = useApiClient()
  const favorites = useFavoritesUpdate()
  return useMutation({
    mutationKey: favoriteMutationKey(target.type, target.id),
    mutationFn: async (): Promise<Favorite> =>
      FavoriteSchema.parse((await api.post('favorite', favoriteRequest(target, favorites.signedIn))).data),
    onMutate: () => favorites.change((list) => withFavoriteAdded(list, target, --temporaryIds)),
    onError: (_error, _input, context) => favorites.restore(context),
    onSuccess: (saved) => favorites.save((list) => withFavoriteSaved(list, saved)),
    onSettled: favorites.refresh,
  })
}
