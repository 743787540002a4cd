import { MINUTE, type UserAccess, UserAccessSchema } from '@fieldhouse/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ApiClient } from '../../api/api-client'
import { useApiClient } from '../../api/api-context'
import { useAppStore } from '../../store/app-store'
import { userQueryKey } from './query-keys'

export const userAccessQueryOptions = (api: ApiClient, userId: number) =>
  queryOptions({
    queryKey: userQueryKey(userId, 'access'),
    queryFn: async ({ signal }): Promise<UserAccess> =>
      UserAccessSchema.parse((await api.get('user/access', { signal })).data),
    staleTime: MINUTE,
  })

/** `GET /api/user/access`: capability flags, feature counters, trial use and geo-blocking (spec §3). */
export function useUserAccess() {
  const api = useApiClient()
  const userId = useAppStore((state) => state.user?.id ?? null)
  return useQuery({ ...userAccessQueryOptions(api, userId ?? 0), enabled: userId !== null })
}
