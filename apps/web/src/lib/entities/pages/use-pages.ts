import { type PageSummary, PageSummarySchema } from '@fieldhouse/contract'
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { z } from 'zod'
import type { ApiClient } from '../../api/api-client'
import { useApiClient } from '../../api/api-context'
import { normalizePath } from '../../navigation/paths'
import { channelStaleTime } from '../channel/query-defaults'

export const pagesQueryKey = ['pages'] as const

export const pagesQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: pagesQueryKey,
    queryFn: async ({ signal }) => z.array(PageSummarySchema).parse((await api.get('pages', { signal })).data),
    staleTime: channelStaleTime,
  })

export function usePages(): PageSummary[] {
  return useSuspenseQuery(pagesQueryOptions(useApiClient())).data
}

/** The CMS page published at a url such as `/about`, if the channel has one. */
export function usePageAt(url: string): PageSummary | undefined {
  const target = normalizePath(url)
  return usePages().find((page) => normalizePath(page.url.startsWith('/') ? page.url : `/${page.url}`) === target)
}
