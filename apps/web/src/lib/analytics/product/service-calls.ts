import { analyticsConstants, analyticsPaths } from '@fieldhouse/contract'
import type { SessionCalls } from './analytics-session'
import { type AnalyticsRecord, batchBody, type ErrorReport, errorBody, recordQuery } from './records'
import { RefusedBatchError, timeoutSignal } from './send-queue'

/** Spec §9: every analytics request gives up after 30 s (and is tried again later by the queue). */
export const ANALYTICS_TIMEOUT_MS = analyticsConstants.requestTimeoutMs

export interface Device {
  device_type: string
  user_agent: string
  resolution: string
}

export interface ServiceCallsOptions {
  /** The service's address (`https://stats.example.com`), or '' for the page's own origin. */
  base: string
  /** The channel's analytics key (settings `yare-analytics-key`). */
  profile: string
  device: Device
  fetch?: typeof fetch
  /** `navigator.sendBeacon`; absent where the browser has none. */
  sendBeacon?: (url: string, data: string) => boolean
  timeoutMs?: number
}

/** Whether asking again could change the answer: no answer, a timeout, 408, 429 and 5xx. */
const retryable = (status: number) => status === 408 || status === 429 || status >= 500

/**
 * The analytics service's calls (spec §7) over fetch: the spec's GET for a single record, one POST for
 * several, text/plain JSON so that a cross-origin service needs no preflight (and `sendBeacon` may send
 * it). `credentials: 'omit'`: the service has no use for the site's cookies.
 */
export function createServiceCalls(options: ServiceCallsOptions) {
  const { profile, device, timeoutMs = ANALYTICS_TIMEOUT_MS } = options
  const base = options.base.replace(/\/+$/, '')
  const fetchImpl = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args))
  const url = (path: string, query?: URLSearchParams) => `${base}${path}${query ? `?${query}` : ''}`

  /** One call, its answer read to the end (an unread body keeps the request open in the browser). */
  async function call(path: string, init: { query?: URLSearchParams; body?: string } = {}): Promise<unknown> {
    const timeout = timeoutSignal(timeoutMs)
    try {
      const response = await fetchImpl(url(path, init.query), {
        method: init.body === undefined ? 'GET' : 'POST',
        ...(init.body === undefined
          ? {}
          : { body: init.body, headers: { 'Content-Type': 'text/plain;charset=UTF-8' } }),
        credentials: 'omit',
        keepalive: true,
        signal: timeout.signal,
      })
      const text = await response.text()
      if (!response.ok) {
        const message = `${path} answered ${response.status}`
        throw retryable(response.status) ? new Error(message) : new RefusedBatchError(message)
      }
      try {
        return JSON.parse(text) as unknown
      } catch {
        return null
      }
    } finally {
      timeout.done()
    }
  }

  const session: SessionCalls = {
    async hash() {
      const body = (await call(analyticsPaths.hash)) as { data?: unknown } | null
      if (typeof body?.data !== 'string' || body.data === '') throw new Error('no session hash in the answer')
      return body.data
    },
    async register(sessionHash) {
      await call(analyticsPaths.session, {
        query: new URLSearchParams({ profile, session: sessionHash, ...device, platform: 'web' }),
      })
    },
  }

  return {
    session,
    /** One record by its own GET call, several by one POST. */
    async sendRecords(records: AnalyticsRecord[], sessionHash: string) {
      const [only] = records
      if (records.length === 1 && only) {
        const { path, query } = recordQuery(only, profile, sessionHash)
        await call(path, { query })
      } else await call(analyticsPaths.batch, { body: batchBody(records, profile, sessionHash) })
    },
    beaconRecords(records: AnalyticsRecord[], sessionHash: string): boolean {
      return options.sendBeacon?.(url(analyticsPaths.batch), batchBody(records, profile, sessionHash)) ?? false
    },
    /** One report per call (the service keeps each once per session and fingerprint). */
    async sendError(report: ErrorReport, sessionHash: string | null) {
      await call(analyticsPaths.error, { body: errorBody(report, profile, sessionHash) })
    },
    beaconError(report: ErrorReport, sessionHash: string | null): boolean {
      return options.sendBeacon?.(url(analyticsPaths.error), errorBody(report, profile, sessionHash)) ?? false
    },
  }
}
export type ServiceCalls = ReturnType<typeof createServiceCalls>

/** What the session call says about the device (spec §3): its kind, browser and screen. */
export function describeDevice(
  nav: { userAgent: string; maxTouchPoints?: number },
  screen: { width: number; height: number },
): Device {
  const ua = nav.userAgent
  const device_type = /iPad|Tablet|Android(?!.*Mobile)/i.test(ua)
    ? 'tablet'
    : /Mobi|iPhone|Android/i.test(ua)
      ? 'mobile'
      : /SMART-TV|SmartTV|HbbTV|Tizen|Web0S|AppleTV/i.test(ua)
        ? 'tv'
        : 'desktop'
  return { device_type, user_agent: ua.slice(0, 512), resolution: `${screen.width}x${screen.height}` }
}
