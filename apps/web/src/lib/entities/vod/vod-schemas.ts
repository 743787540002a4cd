import { constants, ListMetaSchema, MINUTE, VodMediaSchema } from '@fieldhouse/contract'
import { infiniteQueryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import type { ApiClient } from '../../api/api-client'

/** `GET /api/vod-media-items` and `GET /api/vod-media/search`: a page of videos. */
export const VodPageSchema = z.object({ data: z.array(VodMediaSchema), meta: ListMetaSchema })
export type VodPage = z.infer<typeof VodPageSchema>

export function nextVodOffset(page: VodPage): number | undefined {
  const next = page.meta.offset + page.data.length
  return page.data.length > 0 && next < page.meta.total ? next : undefined
}

/** One page of videos from `path`, `constants.vodSearch.limit` at a time from `offset`, sorted by date. */
export async function fetchVodPage(
  api: ApiClient,
  path: string,
  query: { title?: string; category_id?: number },
  offset: number,
  signal: AbortSignal,
): Promise<VodPage> {
  return VodPageSchema.parse(
    await api.get(path, {
      query: { ...query, offset, limit: constants.vodSearch.limit, sort_field: constants.vodSearch.sortField },
      signal,
    }),
  )
}

/** The library's or a search's videos (`GET /api/<path>`) under `queryKey`, page after page from `initialOffset`. */
export const vodPagesQueryOptions = <K extends readonly unknown[]>(
  api: ApiClient,
  queryKey: K,
  path: string,
  query: { title?: string; category_id?: number },
  initialOffset: number,
) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchVodPage(api, path, query, pageParam, signal),
    initialPageParam: initialOffset,
    getNextPageParam: nextVodOffset,
    staleTime: MINUTE,
  })
