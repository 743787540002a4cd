import { GoLiveSchema, type OwnerMedia, OwnerMediaSchema, type Upload, UploadSchema } from '@fieldhouse/contract'
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
    queryFn: async ({ signal }) => GoLiveSchema.parse((await api.get(`admin/live/${eventId}`, { signal })).data),
  })
}

/** `?reveal=1`: the stream key in full (the reveal is audited). */
export function useRevealKey(eventId: number | null) {
  const api = useApiClient()
  return useMutation({
    mutationFn: async () =>
      GoLiveSchema.parse((await api.get(`admin/live/${eventId}`, { query: { reveal: 1 } })).data).stream_key,
  })
}

/** Rotate the key, or End stream: the panel comes back fresh. */
export function useLiveAction(eventId: number | null, action: 'rotate-key' | 'end') {
  const api = useApiClient()
  const client = useQueryClient()
  return useMutation({
    mutationFn: async () => GoLiveSchema.parse((await api.post(`admin/live/${eventId}/${action}`)).data),
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
      OwnerMediaSchema.parse((await api.get(`admin/${ownerPaths[target]}/${id}/media`, { signal })).data),
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
    queryFn: async ({ signal }) => UploadSchema.parse((await api.get(`admin/uploads/${id}`, { signal })).data),
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
