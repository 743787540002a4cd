import { type Premiere, type PremiereRecording, PremiereRecordingSchema, PremiereSchema } from '@fieldhouse/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useApiClient } from '../../../lib/api/api-context'
import { adminQueriesRoot } from './admin-api'

const premieresKey = [...adminQueriesRoot, 'premieres'] as const

/** `GET /api/admin/premieres`: the channel's premieres; their state follows the clock, so asked again every 15 s. */
export function usePremieres() {
  const api = useApiClient()
  return useQuery({
    queryKey: [...premieresKey, 'list'],
    queryFn: async ({ signal }): Promise<Premiere[]> =>
      PremiereSchema.array().parse((await api.get('admin/premieres', { signal })).data ?? []),
    refetchInterval: 15_000,
  })
}

/** `GET /api/admin/premieres/sources`: the finished recordings a premiere can show. */
export function usePremiereSources() {
  const api = useApiClient()
  return useQuery({
    queryKey: [...premieresKey, 'sources'],
    queryFn: async ({ signal }): Promise<PremiereRecording[]> =>
      PremiereRecordingSchema.array().parse((await api.get('admin/premieres/sources', { signal })).data ?? []),
  })
}

/** `POST /api/admin/premieres`: schedules one. */
export function useSchedulePremiere() {
  const api = useApiClient()
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (body: Record<string, unknown>) =>
      PremiereSchema.parse((await api.request('POST', 'admin/premieres', { body, keyInHeader: true })).data),
    onSuccess: () => client.invalidateQueries({ queryKey: premieresKey }),
  })
}

/** `DELETE /api/admin/premieres/{id}`: calls one off. */
export function useCallOffPremiere() {
  const api = useApiClient()
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`admin/premieres/${id}`)
    },
    onSettled: () => client.invalidateQueries({ queryKey: premieresKey }),
  })
}
