import { type ScoreActionsInput, type ScoreActionsResult, ScoreActionsResultSchema } from '@fieldhouse/contract'
import type { ApiClient } from '../../../lib/api/api-client'

/**
 * `POST /api/admin/scores/{event}/actions`: a batch of the Score page's outbox. Idempotent by each
 * action's id, so the outbox sends a batch again whenever it is not sure it arrived. The api key goes in
 * the header: the body is exactly the contract's `ScoreActionsInput`.
 */
export async function postScoreActions(
  api: ApiClient,
  eventId: number,
  body: ScoreActionsInput,
): Promise<ScoreActionsResult> {
  const answer = await api.request('POST', `admin/scores/${eventId}/actions`, {
    body: body as unknown as Record<string, unknown>,
    keyInHeader: true,
  })
  return ScoreActionsResultSchema.parse(answer.data)
}
