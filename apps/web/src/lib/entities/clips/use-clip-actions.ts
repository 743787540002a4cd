import { type Clip, ClipDownloadSchema, ClipSchema, type CreateClipInput } from '@fieldhouse/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useApiClient } from '../../api/api-context'
import { useAppStore } from '../../store/app-store'
import { eventClipsRoot, myClipsQueryKey } from './query-keys'

/** Every list of the viewer's clips, and every game's clips, is asked for again after a change. */
function useRefreshClips() {
  const queryClient = useQueryClient()
  const userId = useAppStore((state) => state.user?.id ?? null)
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: myClipsQueryKey(userId ?? 0) }),
      queryClient.invalidateQueries({ queryKey: eventClipsRoot }),
    ])
}

/** `POST /api/clip` (spec §7): the clip is queued; its state then comes from the lists. */
export function useCreateClip() {
  const api = useApiClient()
  const refresh = useRefreshClips()
  return useMutation({
    mutationFn: async (input: CreateClipInput): Promise<Clip> =>
      ClipSchema.parse((await api.post('clip', { ...input })).data),
    onSuccess: () => refresh(),
  })
}

/** `POST /api/clip/{id}/retry`: a failed clip is queued again. */
export function useRetryClip() {
  const api = useApiClient()
  const refresh = useRefreshClips()
  return useMutation({
    mutationFn: async (id: number): Promise<Clip> => ClipSchema.parse((await api.post(`clip/${id}/retry`)).data),
    onSuccess: () => refresh(),
  })
}

/** `DELETE /api/clip/{id}` (spec §7): the clip and its files are gone. */
export function useDeleteClip() {
  const api = useApiClient()
  const refresh = useRefreshClips()
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`clip/${id}`)
    },
    onSuccess: () => refresh(),
  })
}

/**
 * `GET /api/clip/download/{id}` (spec §7): a short-lived signed URL of the MP4, asked for at the press
 * (never cached: it expires), then the browser goes to it.
 */
export function useDownloadClip() {
  const api = useApiClient()
  return useMutation({
    mutationFn: async (id: number) => ClipDownloadSchema.parse((await api.get(`clip/download/${id}`)).data),
    onSuccess: ({ url }) => {
      const link = document.createElement('a')
      link.href = url
      link.download = ''
      link.rel = 'noopener'
      document.body.append(link)
      link.click()
      link.remove()
    },
  })
}
