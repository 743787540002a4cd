import { MINUTE, type VodMediaDetail, VodMediaDetailSchema } from '@fieldhouse/contract'
import { useQuery } from '@tanstack/react-query'
import { useApiClient } from '../../api/api-context'
import { useAppStore } from '../../store/app-store'
import { detailPolling, watchDetailQueryOptions } from '../playback/watch-detail-query'

export const vodItemQueryOptions = watchDetailQueryOptions(
  'vod',
  VodMediaDetailSchema,
  (viewerId, id) => ['vod-media-items', 'one', { viewer: viewerId, id }] as const,
  { staleTime: MINUTE },
)

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
