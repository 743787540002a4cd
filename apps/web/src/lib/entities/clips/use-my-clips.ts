import { type Clip, ClipSchema, constants } from '@fieldhouse/contract'
import { useViewerList } from '../account/use-viewer-list'
import { myClipsQueryKey } from './query-keys'

/** The most the server gives at once: a viewer's own clips are rarely more (the storage limit). */
const MY_CLIPS_LIMIT = 100

/** While a clip is queued or being cut, its list is asked for again at the spec's polling interval. */
const pollWhilePending = (clips: Clip[] | undefined) =>
  clips?.some((clip) => isClipPending(clip.status)) ? constants.orderPollIntervalMs : false

/** `GET /api/clips/user`: the viewer's clips, newest first, asked again while one is being made. */
export function useMyClips() {
  return useViewerList(myClipsQueryKey, 'clips/user', ClipSchema, {
    query: { limit: MY_CLIPS_LIMIT },
    refetchInterval: pollWhilePending,
  })
}

/** A clip still being made: its list is asked for again until none is. */
export const isClipPending = (status: string) => status === 'queued' || status === 'processing'
