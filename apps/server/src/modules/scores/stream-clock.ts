import type { ScoreActionsInput } from '@fieldhouse/contract'
import type { FieldErrors } from '../../lib/errors.js'

/** The oldest an action may be when it reaches us (a phone offline for a whole game day still syncs). */
export const MAX_ACTION_AGE_MS = 24 * 60 * 60 * 1000

/**
 * Where an action falls on the stream's clock (decision 0057). The sender stamps the action (`at`) and
 * the request (`sent_at`) with its own clock, however wrong; what it measured is how long before
 * sending the action was taken (`sent_at - at`), and that holds on any clock. Taken back from when
 * the request reached us (`receivedAt`, the server's clock — the clock the live recording's
 * program date-time is written with), it lands on the stream's clock with no clock sync.
 */
export function streamMsOf(receivedAt: number, sentAt: number, at: number): number {
  return receivedAt - (sentAt - at)
}

/** The actions whose time cannot be placed: taken after their batch left, or more than a day before. */
export function clockErrors(input: Pick<ScoreActionsInput, 'sent_at' | 'actions'>): FieldErrors {
  const errors: FieldErrors = {}
  input.actions.forEach((action, i) => {
    if (action.at > input.sent_at) errors[`actions.${i}.at`] = ['An action cannot be taken after it was sent']
    else if (input.sent_at - action.at > MAX_ACTION_AGE_MS)
      errors[`actions.${i}.at`] = ['An action more than a day old cannot be placed on the game']
  })
  return errors
}
