import { MINUTE, type Profile, ProfileSchema } from '@fieldhouse/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { ApiClient } from '../../api/api-client'
import { useApiClient } from '../../api/api-context'
import { useAppStore } from '../../store/app-store'
import { userQueryKey } from './query-keys'

export const profileQueryKey = (userId: number) => userQueryKey(userId, 'profile')

/** `GET /api/profile`. A 401 resets the user in the api client (spec §8) and is not reported further. */
export const profileQueryOptions = (api: ApiClient, userId: number) =>
  queryOptions({
    queryKey: profileQueryKey(userId),
    queryFn: async ({ signal }): Promise<Profile> =>
      ProfileSchema.parse((await api.get('profile', { signal, expectedStatuses: [401] })).data),
    staleTime: MINUTE,
  })

/**
 * The signed-in user's profile, fresh from the server (the stored user stands in meanwhile); what it
 * loads becomes the stored user. Disabled while nobody is signed in.
 */
export function useProfile() {
  const api = useApiClient()
  const user = useAppStore((state) => state.user)
  const query = useQuery({
    ...profileQueryOptions(api, user?.id ?? 0),
    enabled: user !== null,
    placeholderData: user ?? undefined,
  })
  const loaded = query.isPlaceholderData ? undefined : query.data
  useEffect(() => {
    if (!loaded) return
    const { user: current, setUser } = useAppStore.getState()
    if (current?.id === loaded.id && current !== loaded) setUser(loaded)
  }, [loaded])
  return query
}
