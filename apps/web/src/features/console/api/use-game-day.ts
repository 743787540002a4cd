import { GameDaySchema, type KeyPlay, KeyPlaySchema, type KeyPlayWindow } from '@fieldhouse/contract'
import { adminQueriesRoot, useAdminRead, useAdminWrite } from './admin-api'

/** Key plays the console changes are read again under the events' key-play lists (`lib/entities/key-plays`). */
const eventKeyPlaysRoot = ['events', 'key-plays'] as const

/** `GET /api/admin/game-day`: the console's first page, asked again every 10 s. */
export const useGameDay = () =>
  useAdminRead([...adminQueriesRoot, 'game-day'], 'admin/game-day', (data) => GameDaySchema.parse(data), {
    refetchInterval: 10_000,
  })

/** `PATCH /api/admin/key-plays/{id}`: the seconds of clip before and after a key play's moment. */
export const useAdjustKeyPlay = () =>
  useAdminWrite(
    async (api, { id, ...body }: KeyPlayWindow & { id: number }): Promise<KeyPlay> =>
      KeyPlaySchema.parse((await api.request('PATCH', `admin/key-plays/${id}`, { body, keyInHeader: true })).data),
    eventKeyPlaysRoot,
  )

/** `DELETE /api/admin/key-plays/{id}`: a key play taken off the game (its clip with it). */
export const useRemoveKeyPlay = () =>
  useAdminWrite(async (api, id: number) => {
    await api.request('DELETE', `admin/key-plays/${id}`)
  }, eventKeyPlaysRoot)
