import { type MenuItem, MenuItemSchema } from '@fieldhouse/contract'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { ApiClient } from '../../api/api-client'
import { useApiClient } from '../../api/api-context'
import { channelListQueryOptions } from './channel-list-query'

export const menuQueryKey = ['menu'] as const

export const menuQueryOptions = (api: ApiClient) => channelListQueryOptions(api, menuQueryKey, 'menu', MenuItemSchema)

export function useMenu(): MenuItem[] {
  return useSuspenseQuery(menuQueryOptions(useApiClient())).data
}
