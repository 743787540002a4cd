import { type ApiError, messages } from '@fieldhouse/contract'

/**
 * Why a request failed:
 * - `http`: the server answered with a non-2xx status; `data` is its body.
 * - `canceled`: the caller aborted it (spec §8: passed through silently, never shown).
 * - `timeout`: no answer within the request timeout.
 * - `network`: the request never reached the server.
 * - `no-api-key`: a call that needs an api key was made before one was known.
 */
export type ApiFailureKind = 'http' | 'canceled' | 'timeout' | 'network' | 'no-api-key'

export class ApiRequestError extends Error {
  readonly kind: ApiFailureKind
  readonly status: number | null
  readonly data: unknown
  /** Mirrors the spec's error code for cancelled requests. */
  readonly code: string | null

  constructor(
    kind: ApiFailureKind,
    options: { status?: number; data?: unknown; message?: string; cause?: unknown } = {},
  ) {
    super(options.message ?? defaultMessage(kind, options.data), { cause: options.cause })
    this.name = 'ApiRequestError'
    this.kind = kind
    this.status = options.status ?? null
    this.data = options.data ?? null
    this.code = kind === 'canceled' ? messages.canceled : null
  }

  /** The field errors of a 4xx answer, e.g. `{ email: ['A valid email address is required'] }`. */
  get fieldErrors(): Record<string, string[]> {
    return isApiErrorBody(this.data) ? (this.data.errors ?? {}) : {}
  }
}

function defaultMessage(kind: ApiFailureKind, data: unknown): string {
  switch (kind) {
    case 'canceled':
      return messages.canceled
    case 'no-api-key':
      return messages.noChannelOrApiKey
    case 'http':
      return isApiErrorBody(data) ? data.message : messages.undefinedError
    case 'timeout':
    case 'network':
      return messages.somethingWentWrong
  }
}

export function isApiErrorBody(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string'
}

export const isCanceledError = (error: unknown): boolean =>
  error instanceof ApiRequestError && error.kind === 'canceled'

/** Spec §8: which key the server rejected, if any. A channel key error wins: it invalidates both keys. */
export function rejectedKey(data: unknown): 'channel_key' | 'api_key' | null {
  if (!isApiErrorBody(data) || !data.errors) return null
  if (data.errors.channel_key) return 'channel_key'
  if (data.errors.api_key) return 'api_key'
  return null
}
