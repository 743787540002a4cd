import type { FavoritableType, Favorite } from '@fieldhouse/contract'

/** What a favourite toggle knows of the team, school or sport it stands for. */
export interface FavoriteTarget {
  type: FavoritableType
  id: number
  name: string
  alias: string
  images?: readonly string[]
}

export const isFavoriteOf = (favorite: Favorite, type: FavoritableType, id: number) =>
  favorite.favoritable_type === type && favorite.favoritable_id === id

export const findFavorite = (favorites: readonly Favorite[] | undefined, type: FavoritableType, id: number) =>
  favorites?.find((favorite) => isFavoriteOf(favorite, type, id))

/**
 * The list as it will be once the server has added the favourite: shown at once (optimistic), with a
 * temporary negative id until the server's answer replaces it.
 */
export function withFavoriteAdded(
  favorites: readonly Favorite[],
  target: FavoriteTarget,
  temporaryId: number,
): Favorite[] {
  if (findFavorite(favorites, target.type, target.id)) return [...favorites]
  return [
    ...favorites,
    {
      id: temporaryId,
      favoritable_id: target.id,
      favoritable_type: target.type,
      favoritable: { id: target.id, name: target.name, alias: target.alias, images: [...(target.images ?? [])] },
    },
  ]
}

/** The list without the favourite of that team, school or sport. */
export const withFavoriteRemoved = (favorites: readonly Favorite[], type: FavoritableType, id: number): Favorite[] =>
  favorites.filter((favorite) => !isFavoriteOf(favorite, type, id))

/** The server's favourite in place of the temporary one (the add is idempotent: it may be an older one). */
export const withFavoriteSaved = (favorites: readonly Favorite[], saved: Favorite): Favorite[] => [
  ...withFavoriteRemoved(favorites, saved.favoritable_type, saved.favoritable_id),
  saved,
]
