import { constants } from '@fieldhouse/contract'
import type { z } from 'zod'
import { ApiRequestError } from './api-error'

/** GET a JSON file outside the API (runtime config, keys file) with the request timeout, checked by a schema. */
export async function fetchJson<T extends z.ZodType>(
  url: string,
  schema: T,
  { fetch: fetchImpl = globalThis.fetch, timeoutMs = constants.requestTimeoutMs } = {},
): Promise<z.infer<T>> {
  let response: Response
  try {
    response = await fetchImpl(url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) })
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError'
    throw new ApiRequestError(timedOut ? 'timeout' : 'network', { cause: error })
  }
  const data: unknown = await response.json().catch(() => null)
  if (!response.ok) throw new ApiRequestError('http', { status: response.status, data })
  return schema.parse(data)
}
