import { type MenuItem, MenuItemSchema } from '@fieldhouse/contract'
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { z } from 'zod'
import type { ApiClient } from '../../api/api-client'
import { useApiClient } from '../../api/api-context'
import { channelStaleTime } from './query-defaults'

export const menuQueryKey = ['menu'] as const

export const menuQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: menuQueryKey,
    queryFn: async ({ signal }) => z.array(MenuItemSchema).parse((await api.get('menu', { signal })).data),
    staleTime: channelStaleTime,
  })

export function useMenu(): MenuItem[] {
  return useSuspenseQuery(menuQueryOptions(useApiClient())).data
}
