import { ClientInterface, type ColorSettings, ColorSettingsSchema } from '@fieldhouse/contract'
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import type { ApiClient } from '../../api/api-client'
import { useApiClient } from '../../api/api-context'
import { channelStaleTime } from './query-defaults'

export const colorSettingsQueryKey = ['color-settings', ClientInterface.web] as const

export const colorSettingsQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: colorSettingsQueryKey,
    queryFn: async ({ signal }) =>
      ColorSettingsSchema.parse((await api.get(`color-settings/${ClientInterface.web}`, { signal })).data),
    staleTime: channelStaleTime,
  })

export function useColorSettings(): ColorSettings {
  return useSuspenseQuery(colorSettingsQueryOptions(useApiClient())).data
}
