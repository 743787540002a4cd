import { messages } from '@fieldhouse/contract'
import { ApiRequestError, isApiErrorBody } from './api-error'

/**
 * What to tell the viewer about a failed call, in the contract's English words (the UI translates
 * known texts, see `lib/i18n/message-text.ts`). `byStatus` lets a form word a status its own way
 * (spec §8: a 401 on login reads "Invalid email or password. Please try again.").
 * Null for a cancelled request: spec §8 passes those through silently.
 */
export function errorText(error: unknown, byStatus: Readonly<Partial<Record<number, string>>> = {}): string | null {
  if (!(error instanceof ApiRequestError)) return messages.somethingWentWrong
  switch (error.kind) {
    case 'canceled':
      return null
    case 'no-api-key':
    case 'timeout':
    case 'network':
      return messages.somethingWentWrong
    case 'http': {
      const worded = error.status === null ? undefined : byStatus[error.status]
      if (worded) return worded
      if (error.status === 429) return messages.tooManyRequests
      if (error.status !== null && error.status >= 500) return messages.somethingWentWrong
      return isApiErrorBody(error.data) && error.data.message ? error.data.message : messages.undefinedError
    }
  }
}

export const httpStatus = (error: unknown): number | null => (error instanceof ApiRequestError ? error.status : null)

export interface SplitFieldErrors<F extends string> {
  /** The first message of each field the form shows, in the order the server gave them. */
  fields: Array<[F, string]>
  /** Messages about anything else, for the form's own alert. */
  other: string[]
}

/** A 422 answer's `errors` (design §4: `{ field: [message] }`) divided between the form's fields and the rest. */
export function splitFieldErrors<F extends string>(error: unknown, formFields: readonly F[]): SplitFieldErrors<F> {
  const result: SplitFieldErrors<F> = { fields: [], other: [] }
  if (!(error instanceof ApiRequestError)) return result
  for (const [field, fieldMessages] of Object.entries(error.fieldErrors)) {
    const first = fieldMessages.find((message) => typeof message === 'string' && message.length > 0)
    if (!first) continue
    if ((formFields as readonly string[]).includes(field)) result.fields.push([field as F, first])
    else result.other.push(first)
  }
  return result
}
