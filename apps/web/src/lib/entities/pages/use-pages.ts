import { type PageSummary, PageSummarySchema } from '@fieldhouse/contract'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { ApiClient } from '../../api/api-client'
import { useApiClient } from '../../api/api-context'
import { normalizePath } from '../../navigation/paths'
import { channelListQueryOptions } from '../channel/channel-list-query'

export const pagesQueryKey = ['pages'] as const

export const pagesQueryOptions = (api: ApiClient) =>
  channelListQueryOptions(api, pagesQueryKey, 'pages', PageSummarySchema)

export function usePages(): PageSummary[] {
  return useSuspenseQuery(pagesQueryOptions(useApiClient())).data
}

/** The CMS page published at a url such as `/about`, if the channel has one. */
export function usePageAt(url: string): PageSummary | undefined {
  const target = normalizePath(url)
  return usePages().find((page) => normalizePath(page.url.startsWith('/') ? page.url : `/${page.url}`) === target)
}
