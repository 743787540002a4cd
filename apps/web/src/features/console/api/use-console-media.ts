import type { GoLive, OwnerMedia, StreamReport, Upload } from '@fieldhouse/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useApiClient } from '../../../lib/api/api-context'
import { adminQueriesRoot } from './admin-api'

/** The go-live panel of an event, polled every two seconds so a publish shows within five. */
export function useGoLive(eventId: number | null) {
  const api = useApiClient()
  return useQuery({
    queryKey: [...adminQueriesRoot, 'live', eventId] as const,
    enabled: eventId !== null,
    refetchInterval: 2000,
    queryFn: async ({ signal }) => (await api.get<GoLive>(`admin/live/${eventId}`, { signal })).data as GoLive,
  })
}

/**
 * Viewers watching an event now (the analytics reports, decision 0039), asked every 15 s while it is
 * live; for operators who may read the analytics. A short range: only `viewers_now` is read.
 */
export function useViewersNow(eventId: number | null, enabled: boolean) {
  const api = useApiClient()
  return useQuery({
    queryKey: [...adminQueriesRoot, 'analytics', 'viewers-now', eventId] as const,
    enabled: eventId !== null && enabled,
    refetchInterval: 15_000,
    queryFn: async ({ signal }) => {
      const query = { type: 'event', id: eventId as number, from: Date.now() - 2 * 60_000 }
      return ((await api.get<StreamReport>('admin/analytics/streams', { query, signal })).data as StreamReport)
        .viewers_now
    },
  })
}

/** `?reveal=1`: the stream key in full (the reveal is audited). */
export function useRevealKey(eventId: number | null) {
  const api = useApiClient()
  return useMutation({
    mutationFn: async () =>
      ((await api.get<GoLive>(`admin/live/${eventId}`, { query: { reveal: 1 } })).data as GoLive).stream_key,
  })
}

/** Rotate the key, or End stream: the panel comes back fresh. */
export function useLiveAction(eventId: number | null, action: 'rotate-key' | 'end') {
  const api = useApiClient()
  const client = useQueryClient()
  return useMutation({
    mutationFn: async () => (await api.post<GoLive>(`admin/live/${eventId}/${action}`)).data as GoLive,
    onSuccess: (panel) => client.setQueryData([...adminQueriesRoot, 'live', eventId], panel),
  })
}

const ownerPaths = { event: 'events', vod: 'vod-media-items', preroll: 'prerolls' } as const

/** An event's, VOD item's or pre-roll's videos and recent uploads; polled while something is being made. */
export function useOwnerMedia(target: 'event' | 'vod' | 'preroll', id: number | null) {
  const api = useApiClient()
  return useQuery<OwnerMedia>({
    queryKey: [...adminQueriesRoot, 'media', target, id] as const,
    enabled: id !== null,
    refetchInterval: (query) => {
      const data = query.state.data
      const busy =
        data?.assets.some((a) => a.status === 'processing') || data?.uploads.some((u) => u.status === 'processing')
      return busy ? 1500 : false
    },
    queryFn: async ({ signal }) =>
      (await api.get<OwnerMedia>(`admin/${ownerPaths[target]}/${id}/media`, { signal })).data as OwnerMedia,
  })
}

/** One upload's state: bytes, then its encode, until it plays or fails. */
export function useUploadStatus(id: string | null) {
  const api = useApiClient()
  return useQuery<Upload>({
    queryKey: [...adminQueriesRoot, 'uploads', id] as const,
    enabled: id !== null,
    refetchInterval: (query) => {
      const s = query.state.data?.status
      return s === 'ready' || s === 'failed' ? false : 1500
    },
    queryFn: async ({ signal }) => (await api.get<Upload>(`admin/uploads/${id}`, { signal })).data as Upload,
  })
}

/** Deletes a video: its files and its rows. */
export function useDeleteMedia() {
  const api = useApiClient()
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (assetId: number) => {
      await api.request('DELETE', `admin/media/${assetId}`)
    },
    onSuccess: () => client.invalidateQueries({ queryKey: [...adminQueriesRoot, 'media'] }),
  })
}
