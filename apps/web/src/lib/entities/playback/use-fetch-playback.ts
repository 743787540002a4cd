import { type Playback, PlaybackSchema } from '@fieldhouse/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useApiClient } from '../../api/api-context'
import { useAppStore } from '../../store/app-store'

/** What is being watched: an event, or a video of the library. */
export type PlaybackSource = { kind: 'event'; id: number } | { kind: 'vod'; id: number }

const playbackPath = (source: PlaybackSource) =>
  source.kind === 'event' ? `events/${source.id}/playback` : `vod-media-items/${source.id}/playback`

export const playbackQueryKey = (viewerId: number | null, path: string) =>
  ['playback', { viewer: viewerId, path }] as const

/**
 * `GET /api/events/{id}/playback` and `GET /api/vod-media-items/{id}/playback`: a fresh signed playback
 * answer, asked for by the player when its token is about to run out. Never served from the cache.
 * Rejects with the API's error (401 sign in, 403 with a message, 404).
 */
export function useFetchPlayback(source: PlaybackSource): () => Promise<Playback> {
  const api = useApiClient()
  const queryClient = useQueryClient()
  const viewerId = useAppStore((state) => state.user?.id ?? null)
  const path = playbackPath(source)
  return useCallback(
    () =>
      queryClient.fetchQuery({
        queryKey: playbackQueryKey(viewerId, path),
        queryFn: async ({ signal }) => PlaybackSchema.parse((await api.get(path, { signal })).data),
        staleTime: 0,
        gcTime: 0,
        retry: false,
      }),
    [api, queryClient, viewerId, path],
  )
}
