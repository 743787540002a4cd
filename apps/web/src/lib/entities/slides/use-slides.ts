import { ClientInterface, type SlidableType, type Slide, SlideSchema } from '@fieldhouse/contract'
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { z } from 'zod'
import type { ApiClient } from '../../api/api-client'
import { useApiClient } from '../../api/api-context'
import { channelStaleTime } from '../channel/query-defaults'

/** Slides of one type, or every slide (`type` null) as the bootstrap data carries them. */
export const slidesQueryKey = (type: SlidableType | null) => ['slides', ClientInterface.web, { type }] as const

export const slidesQueryOptions = (api: ApiClient, type: SlidableType | null) =>
  queryOptions({
    queryKey: slidesQueryKey(type),
    queryFn: async ({ signal }) =>
      z
        .array(SlideSchema)
        .parse((await api.get(`slides/${ClientInterface.web}`, { query: { type: type ?? undefined }, signal })).data),
    staleTime: channelStaleTime,
  })

/** `GET /api/slides/web` with an optional type (spec §7); every type when none is given. */
export function useSlides(type: SlidableType | null = null): Slide[] {
  return useSuspenseQuery(slidesQueryOptions(useApiClient(), type)).data
}
