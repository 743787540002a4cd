import { type Settings, SettingsSchema } from '@fieldhouse/contract'
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import type { ApiClient } from '../../api/api-client'
import { useApiClient } from '../../api/api-context'
import { channelStaleTime } from './query-defaults'

export const settingsQueryKey = ['settings'] as const

export const settingsQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: settingsQueryKey,
    queryFn: async ({ signal }) => SettingsSchema.parse((await api.get('settings', { signal })).data),
    staleTime: channelStaleTime,
  })

export function useSettings(): Settings {
  return useSuspenseQuery(settingsQueryOptions(useApiClient())).data
}
