import { type SharedClip, SharedClipSchema } from '@fieldhouse/contract'
import { useQuery } from '@tanstack/react-query'
import { useApiClient } from '../../api/api-context'
import { sharedClipQueryKey } from './query-keys'

/**
 * `GET /api/shared-clip/{id}?uuid=` (spec §7): the clip with signed HLS and MP4 URLs, for anyone who has
 * the link. The URLs are short-lived, so the answer is not kept long, and a 404 is not asked again.
 */
export function useSharedClip(id: number | null, uuid: string | null, { enabled = true }: { enabled?: boolean } = {}) {
  const api = useApiClient()
  return useQuery({
    queryKey: sharedClipQueryKey(id ?? 0, uuid ?? ''),
    queryFn: async ({ signal }): Promise<SharedClip> =>
      SharedClipSchema.parse((await api.get(`shared-clip/${id}`, { query: { uuid: uuid ?? '' }, signal })).data),
    enabled: enabled && id !== null && uuid !== null,
    staleTime: 60_000,
    gcTime: 5 * 60_000,
    retry: false,
  })
}
