import { PremiereRecordingSchema, PremiereSchema } from '@fieldhouse/contract'
import { adminQueriesRoot, useAdminRead, useAdminWrite } from './admin-api'

const premieresKey = [...adminQueriesRoot, 'premieres'] as const

/** `GET /api/admin/premieres`: the channel's premieres; their state follows the clock, so asked again every 15 s. */
export const usePremieres = () =>
  useAdminRead([...premieresKey, 'list'], 'admin/premieres', (data) => PremiereSchema.array().parse(data ?? []), {
    refetchInterval: 15_000,
  })

/** `GET /api/admin/premieres/sources`: the finished recordings a premiere can show. */
export const usePremiereSources = () =>
  useAdminRead([...premieresKey, 'sources'], 'admin/premieres/sources', (data) =>
    PremiereRecordingSchema.array().parse(data ?? []),
  )

/** `POST /api/admin/premieres`: schedules one. */
export const useSchedulePremiere = () =>
  useAdminWrite(
    async (api, body: Record<string, unknown>) =>
      PremiereSchema.parse((await api.request('POST', 'admin/premieres', { body, keyInHeader: true })).data),
    premieresKey,
  )

/** `DELETE /api/admin/premieres/{id}`: calls one off. */
export const useCallOffPremiere = () =>
  useAdminWrite(
    async (api, id: number) => {
      await api.delete(`admin/premieres/${id}`)
    },
    premieresKey,
    'settled',
  )
