import { dataOf, type ScoreTimeline, ScoreTimelineSchema } from '@fieldhouse/contract'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useSyncExternalStore } from 'react'
import type { ApiClient } from '../../api/api-client'
import { useApiClient } from '../../api/api-context'
import { followScoreTimeline } from './follow-score'
import { scoreTimelineKey } from './query-keys'

const ScoreTimelineAnswerSchema = dataOf(ScoreTimelineSchema)

const fetchScoreTimeline = async (api: ApiClient, eventId: number, signal: AbortSignal, after?: number) =>
  ScoreTimelineAnswerSchema.parse(
    await api.get(`events/${eventId}/score`, { signal, ...(after === undefined ? {} : { query: { after } }) }),
  ).data

const subscribeVisibility = (listener: () => void) => {
  document.addEventListener('visibilitychange', listener)
  return () => document.removeEventListener('visibilitychange', listener)
}
/** Whether the page is shown (a hidden tab does not keep a request open for a score nobody sees). */
function usePageVisible(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState !== 'hidden',
    () => true,
  )
}

/**
 * `GET /api/events/{id}/score`: the game's score timeline (decision 0057). While it is mounted, the game
 * not final and the page visible, it is kept fresh by long-polling with `?after={version}`
 * (`followScoreTimeline`), each newer timeline replacing the cached one; hidden, unmounted or final,
 * the loop stops and its request is cancelled.
 */
export function useScoreTimeline(
  eventId: number | null,
  {
    enabled = true,
    follow: wantsFollow = true,
  }: {
    enabled?: boolean
    /** False: read once, not long-polled (a clip's moments are past; a final game's never change). */
    follow?: boolean
  } = {},
) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  const visible = usePageVisible()
  const query = useQuery({
    queryKey: scoreTimelineKey(eventId ?? 0),
    queryFn: ({ signal }): Promise<ScoreTimeline> => fetchScoreTimeline(api, eventId ?? 0, signal),
    enabled: enabled && eventId !== null,
    // The long-poll keeps it fresh while it is shown; a view coming back catches up through the loop.
    staleTime: Number.POSITIVE_INFINITY,
  })
  const loaded = query.data !== undefined
  const final = query.data?.status === 'final'
  const follow = wantsFollow && enabled && eventId !== null && loaded && !final && visible
  useEffect(() => {
    if (!follow || eventId === null) return
    const key = scoreTimelineKey(eventId)
    const start = queryClient.getQueryData<ScoreTimeline>(key)
    if (!start) return
    const controller = new AbortController()
    void followScoreTimeline({
      start,
      fetchAfter: (after, signal) => fetchScoreTimeline(api, eventId, signal, after),
      onTimeline: (timeline) => queryClient.setQueryData(key, timeline),
      signal: controller.signal,
    })
    return () => controller.abort()
  }, [follow, eventId, api, queryClient])
  return query
}
