import { constants } from '@fieldhouse/contract'
import type { z } from 'zod'
import { ApiRequestError } from './api-error'

interface FetchJsonOptions {
  fetch?: typeof globalThis.fetch
  timeoutMs?: number
}

/** GET a JSON file outside the API (runtime config, keys file) with the request timeout, checked by a schema. */
export async function fetchJson<T extends z.ZodType>(url: string, schema: T, options: FetchJsonOptions = {}) {
  return schema.parse(await fetchJsonData(url, options)) as z.infer<T>
}

/** The same, unchecked: for the page's first script, which leaves the checking to the app (`early-start.ts`). */
export async function fetchJsonData(
  url: string,
  { fetch: fetchImpl = globalThis.fetch, timeoutMs = constants.requestTimeoutMs }: FetchJsonOptions = {},
): Promise<unknown> {
  let response: Response
  try {
    response = await fetchImpl(url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) })
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError'
    throw new ApiRequestError(timedOut ? 'timeout' : 'network', { cause: error })
  }
  const data: unknown = await response.json().catch(() => null)
  if (!response.ok) throw new ApiRequestError('http', { status: response.status, data })
  return data
}
