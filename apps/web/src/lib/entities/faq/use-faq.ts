import { type Faq, FaqSchema } from '@fieldhouse/contract'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { ApiClient } from '../../api/api-client'
import { useApiClient } from '../../api/api-context'
import { channelListQueryOptions } from '../channel/channel-list-query'

export const faqQueryKey = ['faq'] as const

export const faqQueryOptions = (api: ApiClient) => channelListQueryOptions(api, faqQueryKey, 'faq', FaqSchema)

export function useFaq(): Faq[] {
  return useSuspenseQuery(faqQueryOptions(useApiClient())).data
}
