import { type Clip, ClipSchema, constants } from '@fieldhouse/contract'
import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { useApiClient } from '../../api/api-context'
import { useAppStore } from '../../store/app-store'
import { myClipsQueryKey } from './query-keys'

/** The most the server gives at once: a viewer's own clips are rarely more (the storage limit). */
const MY_CLIPS_LIMIT = 100

/** While a clip is queued or being cut, its list is asked for again at the spec's polling interval. */
const pollWhilePending = (clips: Clip[] | undefined) =>
  clips?.some((clip) => isClipPending(clip.status)) ? constants.orderPollIntervalMs : false

/** `GET /api/clips/user`: the viewer's clips, newest first, asked again while one is being made. */
export function useMyClips() {
  const api = useApiClient()
  const userId = useAppStore((state) => state.user?.id ?? null)
  return useQuery({
    queryKey: myClipsQueryKey(userId ?? 0),
    queryFn: async ({ signal }): Promise<Clip[]> =>
      z.array(ClipSchema).parse((await api.get('clips/user', { query: { limit: MY_CLIPS_LIMIT }, signal })).data),
    enabled: userId !== null,
    refetchInterval: (query) => pollWhilePending(query.state.data),
  })
}

/** A clip still being made: its list is asked for again until none is. */
export const isClipPending = (status: string) => status === 'queued' || status === 'processing'
