import { MINUTE, type VodMediaDetail, VodMediaDetailSchema } from '@fieldhouse/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ApiClient, ApiEnvelope } from '../../api/api-client'
import { useApiClient } from '../../api/api-context'
import { useAppStore } from '../../store/app-store'
import { detailPolling } from '../playback/detail-polling'
import { watchDetailPath } from '../playback/watch-source'

/** Keyed by the viewer: whether playback URLs come with it depends on who asks. */
/** `answer`: the detail's request, already sent (by the start of a page opened on the video). */
export const vodItemQueryOptions = (
  api: ApiClient,
  viewerId: number | null,
  id: number,
  answer?: Promise<ApiEnvelope<unknown>>,
) =>
  queryOptions({
    queryKey: ['vod-media-items', 'one', { viewer: viewerId, id }] as const,
    queryFn: async ({ signal }) =>
      VodMediaDetailSchema.parse((await (answer ?? api.get(watchDetailPath({ kind: 'vod', id }), { signal }))).data),
    staleTime: MINUTE,
  })

/** `GET /api/vod-media-items/{id}`: the video with its media status, poster and (for a viewer who may watch) playback. */
export function useVodItem(
  id: number | null,
  { refetchInterval }: { refetchInterval?: (data: VodMediaDetail) => number | false } = {},
) {
  const viewerId = useAppStore((state) => state.user?.id ?? null)
  return useQuery({
    ...vodItemQueryOptions(useApiClient(), viewerId, id ?? 0),
    ...detailPolling(id, refetchInterval),
  })
}
