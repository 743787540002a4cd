import { analyticsPaths, type StreamType, type VideoEventName } from '@fieldhouse/contract'

/**
 * What the web client records for the product analytics service (spec §7, the contract's
 * `analytics.ts`), one record per call. Each carries `record_id`, made here when it is recorded, so the
 * service counts it once however often it is sent, and `ts`, when it happened (ms since the epoch), so
 * a record sent late still lands in its minute and in its order within a viewing.
 */

/** The ecommerce events the funnel counts (decision 0033: visit → item list → begin checkout → paid). */
export type CommerceEvent = 'view_item_list' | 'begin_checkout' | 'purchase_success'
export type SiteEvent = 'visit_page' | 'login' | 'api_request' | CommerceEvent
export type { StreamType, VideoEventName }

export interface StreamRef {
  video_view_uuid: string
  stream_id: number
  stream_type: StreamType
}

/** The event being watched, for the viewing rollups; nulls where it has none (a library video). */
export interface ViewingMeta {
  category: string | null
  sport: string | null
  gender: string | null
  school: string | null
  league: string | null
}

export type Extras = Record<string, string | number | boolean | null>

export type AnalyticsRecord =
  | {
      kind: 'event'
      record_id: string
      ts: number
      event: SiteEvent
      extras: Extras
      user_id: string | null
      user_email: string | null
      origin_url: string
      trk: string | null
    }
  | ({
      kind: 'video_event'
      record_id: string
      ts: number
      event: VideoEventName
      /** Seconds into the stream where it happened. */
      position: number | null
      /** quality_change: the rendition now playing (720p). */
      quality: string | null
      /** error: what failed, in the player's words. */
      error_message: string | null
    } & StreamRef)
  | ({ kind: 'video_viewing'; record_id: string; ts: number; viewing_time: number } & StreamRef & ViewingMeta)

/** A client error report (spec §7 "client error reports"), deduplicated per session before it is sent. */
export interface ErrorReport {
  record_id: string
  /** `error` (uncaught), `unhandledrejection`, or `api` (a 5xx answer). */
  kind: 'error' | 'unhandledrejection' | 'api'
  message: string
  stack: string | null
  /** The page's address. */
  url: string
  /** api: the call (method and address without its query). */
  request_url: string | null
  status: number | null
}

const pathOf = {
  event: analyticsPaths.event,
  video_event: analyticsPaths.videoEvent,
  video_viewing: analyticsPaths.videoViewing,
}

/** The fields that have a value: a missing one is left out rather than sent empty (`''` would read as 0). */
function present<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== null && value !== undefined),
  ) as Partial<T>
}

/**
 * The spec's GET call for one record: its path and query, with the channel's profile and the session;
 * `extras` as JSON text.
 */
export function recordQuery(
  record: AnalyticsRecord,
  profile: string,
  session: string,
): { path: string; query: URLSearchParams } {
  const { kind, ...fields } = record
  const query = new URLSearchParams({ profile, session_uuid: session })
  for (const [name, value] of Object.entries(present(fields))) {
    query.set(name, name === 'extras' ? JSON.stringify(value) : String(value))
  }
  return { path: pathOf[kind], query }
}

/** The batched POST of the same records (`kind` names each one's call; `navigator.sendBeacon` on page hide). */
export const batchBody = (records: AnalyticsRecord[], profile: string, session: string) =>
  JSON.stringify({ profile, records: records.map((record) => ({ ...present(record), session_uuid: session })) })

/** One error report's body (`POST /datalake/error/`). */
export const errorBody = (report: ErrorReport, profile: string, session: string | null) =>
  JSON.stringify({ profile, ...present({ ...report, session_uuid: session }) })
