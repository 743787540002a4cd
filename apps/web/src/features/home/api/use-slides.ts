import { ClientInterface, SlidableType, type Slide, SlideSchema } from '@fieldhouse/contract'
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { z } from 'zod'
import type { ApiClient } from '../../../lib/api/api-client'
import { useApiClient } from '../../../lib/api/api-context'
import { channelStaleTime } from '../../channel/api/query-defaults'

export const slidesQueryKey = (type: SlidableType) => ['slides', ClientInterface.web, { type }] as const

export const slidesQueryOptions = (api: ApiClient, type: SlidableType) =>
  queryOptions({
    queryKey: slidesQueryKey(type),
    queryFn: async ({ signal }) =>
      z.array(SlideSchema).parse((await api.get(`slides/${ClientInterface.web}`, { query: { type }, signal })).data),
    staleTime: channelStaleTime,
  })

export function useSlides(type: SlidableType = SlidableType.main): Slide[] {
  return useSuspenseQuery(slidesQueryOptions(useApiClient(), type)).data
}
