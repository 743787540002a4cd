import type { QueryObject } from '../../api/query-string'
import { userQueryKey } from '../account/query-keys'

/** Favourites belong to the signed-in user: their keys sit under `['user', id]` (dropped on sign-in and out). */
export const favoritesQueryKey = (userId: number) => userQueryKey(userId, 'favorites')

export const favoriteEventsRoot = (userId: number) => userQueryKey(userId, 'events', 'favorite')

export const favoriteEventsQueryKey = (userId: number, query: QueryObject) =>
  [...favoriteEventsRoot(userId), query] as const

/** Mutations of one favourite share a key, so every toggle of that team, school or sport sees them. */
export const favoriteMutationKey = (type: string, id: number) => ['favorite', type, id] as const
