import { type Faq, FaqSchema } from '@fieldhouse/contract'
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { z } from 'zod'
import type { ApiClient } from '../../api/api-client'
import { useApiClient } from '../../api/api-context'
import { channelStaleTime } from '../channel/query-defaults'

export const faqQueryKey = ['faq'] as const

export const faqQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: faqQueryKey,
    queryFn: async ({ signal }) => z.array(FaqSchema).parse((await api.get('faq', { signal })).data),
    staleTime: channelStaleTime,
  })

export function useFaq(): Faq[] {
  return useSuspenseQuery(faqQueryOptions(useApiClient())).data
}
