import { constants, type Download, DownloadSchema } from '@fieldhouse/contract'
import { useQuery } from '@tanstack/react-query'
import { useApiClient } from '../../api/api-context'
import { useAppStore } from '../../store/app-store'
import { userQueryKey } from '../account/query-keys'

/**
 * `GET /api/download-event/{id}`: 200 with the signed MP4 URL once it is ready, 202 with its progress
 * while it is being made, asked again every 2 s (spec §9 polling interval) until then. `attempt` counts
 * the viewer's presses (0: not yet): each press is its own query, never cached, as the URL is short-lived.
 */
export function useEventDownload(eventId: number, attempt: number) {
  const api = useApiClient()
  const userId = useAppStore((state) => state.user?.id ?? null)
  return useQuery({
    queryKey: userQueryKey(userId ?? 0, 'download-event', String(eventId), String(attempt)),
    queryFn: async ({ signal }): Promise<Download> =>
      DownloadSchema.parse((await api.get(`download-event/${eventId}`, { signal })).data),
    enabled: attempt > 0 && userId !== null,
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? constants.orderPollIntervalMs : false),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  })
}
