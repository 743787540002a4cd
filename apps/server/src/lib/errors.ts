import { messages } from '@fieldhouse/contract'

export type FieldErrors = Record<string, string[]>

/**
 * The one error type services throw. It carries the status and the user-facing message; the error
 * handler turns it into design §4's `{ message, errors }`.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message)
    this.name = 'AppError'
  }
}

export const notFound = (what = 'resource') => new AppError(404, messages.notFound, undefined, { 'x-not-found': what })
/** The row looked up, or a 404 naming what was not found. */
export const found = <T>(row: T | null | undefined, what: string): T => {
  if (!row) throw notFound(what)
  return row
}
export const unauthorized = (message: string, errors?: FieldErrors) => new AppError(401, message, errors)
export const forbidden = (message: string, errors?: FieldErrors) => new AppError(403, message, errors)
export const conflict = (message: string, errors?: FieldErrors) => new AppError(409, message, errors)
export const invalid = (errors: FieldErrors, message: string = messages.validationFailed) =>
  new AppError(422, message, errors)

/** The api key is missing, unknown, expired or revoked: the client drops it and fetches a new one. */
export const apiKeyError = () => unauthorized(messages.noChannelOrApiKey, { api_key: [messages.noChannelOrApiKey] })
/** The channel key is missing or unknown: the client drops both keys and starts again. */
export const channelKeyError = () =>
  unauthorized(messages.noChannelOrApiKey, { channel_key: [messages.noChannelOrApiKey] })
