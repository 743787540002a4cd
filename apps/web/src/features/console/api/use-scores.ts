import {
  type ScoreBoard,
  ScoreBoardSchema,
  ScoreFeedSettingsSchema,
  ScoreGameSchema,
  type ScoreGameUpdate,
  type ScoreSuggestionDecision,
  type ScoreTimeline,
} from '@fieldhouse/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { adminQueriesRoot, useAdminRead, useAdminWrite } from './admin-api'

const scoresKey = [...adminQueriesRoot, 'scores'] as const
const boardKey = (eventId: number) => [...scoresKey, 'board', eventId] as const
const feedKey = [...adminQueriesRoot, 'score-feed'] as const

/** A game's board, and how far the server's clock is ahead of this device's (ms) when it answered. */
export interface BoardAnswer {
  board: ScoreBoard
  skewMs: number
}

/** `GET /api/admin/scores`: the games live now and today's; their scores move, so asked again every 15 s. */
export const useScoreGames = () =>
  useAdminRead([...scoresKey, 'list'], 'admin/scores', (data) => ScoreGameSchema.array().parse(data ?? []), {
    refetchInterval: 15_000,
  })

const readBoard = (data: unknown): BoardAnswer => {
  const board = ScoreBoardSchema.parse(data)
  return { board, skewMs: board.server_now - Date.now() }
}

/** `GET /api/admin/scores/{event}`: the scoring screen's game, asked again every 10 s while it is open. */
export const useScoreBoard = (eventId: number) =>
  useAdminRead(boardKey(eventId), `admin/scores/${eventId}`, readBoard, { refetchInterval: 10_000 })

/**
 * After a send: the answer's timeline is put in the board at once (so a recorded action never
 * disappears between leaving the outbox and the next read), then the board is asked again.
 */
export function useTimelineFromSend(eventId: number) {
  const queryClient = useQueryClient()
  return useCallback(
    (timeline: ScoreTimeline) => {
      queryClient.setQueryData<BoardAnswer>(boardKey(eventId), (old) =>
        old && timeline.version >= old.board.timeline.version ? { ...old, board: { ...old.board, timeline } } : old,
      )
      void queryClient.invalidateQueries({ queryKey: boardKey(eventId) })
      void queryClient.invalidateQueries({ queryKey: [...scoresKey, 'list'] })
    },
    [queryClient, eventId],
  )
}

/** `PATCH /api/admin/scores/{event}`: the sport it is scored as, the offset that meets the picture. */
export const useUpdateScoreGame = (eventId: number) =>
  useAdminWrite(
    async (api, body: ScoreGameUpdate) =>
      ScoreBoardSchema.parse((await api.request('PATCH', `admin/scores/${eventId}`, { body, keyInHeader: true })).data),
    scoresKey,
  )

/**
 * `POST /api/admin/scores/{event}/suggestions/{suggestion}`: a missed play taken as a key play or
 * dismissed. However it ends (taken by another phone already: 409), the board is read again.
 */
export const useDecideSuggestion = (eventId: number) =>
  useAdminWrite(
    async (api, { id, ...body }: ScoreSuggestionDecision & { id: number }) =>
      ScoreBoardSchema.parse(
        (await api.request('POST', `admin/scores/${eventId}/suggestions/${id}`, { body, keyInHeader: true })).data,
      ),
    scoresKey,
    'settled',
  )

/** `GET /api/admin/score-feed`: what a scoreboard's bridge is set up with (owners and managers). */
export const useScoreFeed = () =>
  useAdminRead([...feedKey, 'settings'], 'admin/score-feed', (data) => ScoreFeedSettingsSchema.parse(data))

/** `POST /api/admin/score-feed/rotate`: a new secret; the old one stops working. */
export const useRotateScoreFeed = () =>
  useAdminWrite(
    async (api) =>
      // The new settings when the answer carries them; the panel reads them again either way.
      ScoreFeedSettingsSchema.safeParse(
        (await api.request('POST', 'admin/score-feed/rotate', { keyInHeader: true })).data,
      ).data ?? null,
    feedKey,
  )
