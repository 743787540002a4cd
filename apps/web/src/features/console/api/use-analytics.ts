import {
  type AnalyticsRetention,
  AnalyticsRetentionSchema,
  ChannelReportSchema,
  StreamReportSchema,
} from '@fieldhouse/contract'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useApiClient } from '../../../lib/api/api-context'
import { adminQueriesRoot } from './admin-api'

const analyticsKey = [...adminQueriesRoot, 'analytics'] as const
const retentionKey = [...analyticsKey, 'retention'] as const

type Query = Record<string, string | number>

/** `GET /api/admin/analytics/streams`: one game's or library video's report (decision 0039). */
export function useStreamReport(query: Query, options: { enabled: boolean; refetchInterval: number | false }) {
  const api = useApiClient()
  return useQuery({
    queryKey: [...analyticsKey, 'stream', query],
    queryFn: async ({ signal }) =>
      StreamReportSchema.parse((await api.get('admin/analytics/streams', { query, signal })).data),
    placeholderData: keepPreviousData,
    ...options,
  })
}

/** `GET /api/admin/analytics/channel`: the channel's visits, sessions, funnel and most watched. */
export function useChannelReport(range: Query | null, refetchInterval: number | false) {
  const api = useApiClient()
  return useQuery({
    queryKey: [...analyticsKey, 'channel', range],
    enabled: range !== null,
    queryFn: async ({ signal }) =>
      ChannelReportSchema.parse((await api.get('admin/analytics/channel', { query: range ?? {}, signal })).data),
    placeholderData: keepPreviousData,
    refetchInterval,
  })
}

/**
 * Viewers watching an event now, asked every 15 s while it is live; for operators who may read the
 * analytics. A short range: only `viewers_now` is read.
 */
export function useViewersNow(eventId: number | null, enabled: boolean) {
  const api = useApiClient()
  return useQuery({
    queryKey: [...analyticsKey, 'viewers-now', eventId] as const,
    enabled: eventId !== null && enabled,
    refetchInterval: 15_000,
    queryFn: async ({ signal }) => {
      const query = { type: 'event', id: eventId as number, from: Date.now() - 2 * 60_000 }
      return StreamReportSchema.parse((await api.get('admin/analytics/streams', { query, signal })).data).viewers_now
    },
  })
}

/** `GET /api/admin/analytics/retention`: how many days the records are kept. */
export function useRetention() {
  const api = useApiClient()
  return useQuery({
    queryKey: retentionKey,
    queryFn: async ({ signal }): Promise<AnalyticsRetention> =>
      AnalyticsRetentionSchema.parse((await api.get('admin/analytics/retention', { signal })).data),
  })
}

/** `PATCH /api/admin/analytics/retention` */
export function useSaveRetention() {
  const api = useApiClient()
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (days: string) =>
      AnalyticsRetentionSchema.parse(
        (await api.request('PATCH', 'admin/analytics/retention', { body: { days } })).data,
      ),
    onSuccess: (data) => client.setQueryData(retentionKey, data),
  })
}
