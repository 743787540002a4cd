import { type Clip, ClipSchema } from '@fieldhouse/contract'
import { useInfiniteQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { useApiClient } from '../../api/api-context'
import { OptionalMetaSchema } from './clips-schemas'
import { nextMomentsOffset } from './moments-feed'
import { momentsQueryKey } from './query-keys'

/** Clips per page of the feed. */
export const MOMENTS_PAGE_SIZE = 12

export interface MomentsFilters {
  event_id?: number
  event_category_id?: number
  participant_id?: number
}

/** `GET /api/clips/moments`: the channel's ready clips, newest first, a page at a time. */
export function useMoments(filters: MomentsFilters) {
  const api = useApiClient()
  return useInfiniteQuery({
    queryKey: momentsQueryKey(filters),
    initialPageParam: 0,
    queryFn: async ({ pageParam, signal }) => {
      const answer = await api.get('clips/moments', {
        query: { ...filters, offset: pageParam, limit: MOMENTS_PAGE_SIZE },
        signal,
      })
      const clips: Clip[] = z.array(ClipSchema).parse(answer.data)
      const meta = OptionalMetaSchema.parse(answer.meta)
      return { clips, offset: pageParam, total: meta?.total ?? null }
    },
    getNextPageParam: (last) =>
      nextMomentsOffset({ offset: last.offset, count: last.clips.length, total: last.total }, MOMENTS_PAGE_SIZE),
  })
}
