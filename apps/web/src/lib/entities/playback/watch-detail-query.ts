import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { ApiClient, ApiEnvelope } from '../../api/api-client'
import type { PlaybackSource } from './use-fetch-playback'
import { watchDetailPath } from './watch-source'

/**
 * The query of a watch page's detail (`GET /api/events/{id}`, `GET /api/vod-media-items/{id}`) of the
 * `kind`, keyed by the viewer: whether playback URLs come with it depends on who asks. `answer`: the
 * detail's request, already sent (by the start of a page opened on it).
 */
export const watchDetailQueryOptions =
  <S extends z.ZodType, K extends readonly unknown[]>(
    kind: PlaybackSource['kind'],
    schema: S,
    queryKey: (viewerId: number | null, id: number) => K,
    extra: { staleTime?: number } = {},
  ) =>
  (api: ApiClient, viewerId: number | null, id: number, answer?: Promise<ApiEnvelope<unknown>>) =>
    queryOptions({
      queryKey: queryKey(viewerId, id),
      queryFn: async ({ signal }): Promise<z.output<S>> =>
        schema.parse((await (answer ?? api.get(watchDetailPath({ kind, id }), { signal }))).data),
      ...extra,
    })

/**
 * What a watch page's detail query (an event's, a video's) adds to its options: it is asked only with
 * an id, and asked again, while the page waits for the start or an encode, as `refetchInterval` says.
 */
export function detailPolling<T>(id: number | null, refetchInterval?: (data: T) => number | false) {
  return {
    enabled: id !== null,
    refetchInterval: refetchInterval
      ? (query: { state: { data: T | undefined } }) => (query.state.data ? refetchInterval(query.state.data) : false)
      : undefined,
  }
}
