import { analyticsLimits } from '@fieldhouse/contract'
import type { PlayerContext, PlayerEvent } from '@fieldhouse/player'
import type { KeyValueBackend } from '../../storage/ttl-storage'
import { newId } from '../new-id'
import { createAnalyticsSession, createTrackingValue } from './analytics-session'
import { createErrorDedupe, errorFingerprint } from './error-dedupe'
import type { AnalyticsRecord, CommerceEvent, ErrorReport, SiteEvent, StreamRef, VideoEventName } from './records'
import { createSendQueue } from './send-queue'
import type { ServiceCalls } from './service-calls'

/** Who was signed in when something happened. */
export interface Viewer {
  user_id: number | null
  user_email: string | null
}

/** A failed API call (spec §7 `api_request`): never its query, which carries the api key. */
export interface ApiFailure {
  method: string
  /** The address without its query. */
  url: string
  /** `http`, `timeout` or `network`. */
  kind: string
  status: number | null
  message: string
  request_length: number
  response_length: number
}

/** What a commerce event was about (the contract's `CommerceExtrasSchema`): a list, or one pass. */
export interface CommerceItem {
  item_id: string | null
  item_name: string | null
  /** What the checkout comes to, in the currency's major units (the data layer's `value`). */
  value: number | null
  currency: string | null
}

/** What the page tells the tracker, each with the time it happened (the tracker may start later). */
export type TrackCall =
  | { kind: 'visit'; ts: number; page: string; viewer: Viewer; referrer: string; href?: string }
  | { kind: 'login'; ts: number; method: string; viewer: Viewer; href?: string }
  | { kind: 'commerce'; ts: number; event: CommerceEvent; item: CommerceItem; viewer: Viewer; href?: string }
  | { kind: 'api_failed'; ts: number; viewer: Viewer; failure: ApiFailure; page: string; href?: string }
  | { kind: 'player'; ts: number; event: PlayerEvent; context: PlayerContext }
  | {
      kind: 'error'
      ts: number
      source: 'error' | 'unhandledrejection'
      message: string
      stack: string | null
      page: string
      href?: string
    }

/** The most one viewing record carries (the service's `analyticsLimits.viewingTimeMaxS`). */
const MAX_VIEWING_TIME_S = analyticsLimits.viewingTimeMaxS

const videoEventOf = (event: PlayerEvent): VideoEventName | null => {
  switch (event.type) {
    case 'first_frame':
    case 'play':
    case 'pause':
    case 'seek':
    case 'stall_start':
    case 'stall_end':
    case 'ended':
    case 'error':
      return event.type
    case 'quality_switch':
      return 'quality_change'
    default:
      return null
  }
}

const streamOf = (context: PlayerContext): Omit<StreamRef, 'video_view_uuid'> => {
  const [kind, id] = context.subject.split(':')
  return {
    stream_id: Number(id),
    stream_type: kind === 'vod' ? 'vod' : context.live ? 'live' : 'replay',
  }
}

/**
 * The product analytics client (spec §7): turns what the page tells it into the service's records,
 * sends them through the outbox, and reports client errors once per session. Loaded lazily, after the
 * page has shown (see `product-analytics.ts`).
 */
export function createProductTracker({
  calls,
  backend,
  originUrl,
  now = Date.now,
  queueOptions = {},
}: {
  calls: ServiceCalls
  backend: KeyValueBackend
  /** The page's address when something happened (origin_url). */
  originUrl: () => string
  now?: () => number
  queueOptions?: { flushDelayMs?: number; baseBackoffMs?: number; maxBackoffMs?: number }
}) {
  const session = createAnalyticsSession({ backend, calls: calls.session, now })
  const trk = createTrackingValue({ backend, now })
  const records = createSendQueue<AnalyticsRecord>({
    ...queueOptions,
    send: async (batch) => calls.sendRecords(batch, await session.ensure()),
    beacon: (batch) => {
      const current = session.current()
      return current !== null && calls.beaconRecords(batch, current)
    },
  })
  // One report per call (the error endpoint takes one).
  const errors = createSendQueue<ErrorReport>({
    ...queueOptions,
    maxBatch: 1,
    send: async ([report]) => {
      if (report) await calls.sendError(report, await session.ensure().catch(() => null))
    },
    beacon: (batch) => batch.every((report) => calls.beaconError(report, session.current())),
  })
  const dedupe = createErrorDedupe({ backend, session: () => session.current(), now })
  let lastPage: string | null = null
  let firstVisit = true
  /** Seconds watched already reported, per viewing: a heartbeat reports what it adds. */
  const reported = new Map<string, number>()
  let hidden = false
  let beaconDue = false

  const push = (record: AnalyticsRecord) => {
    records.push(record)
    // After page hide (a player's last heartbeat comes then), a beacon at once: no timer may run again.
    if (hidden && !beaconDue) {
      beaconDue = true
      queueMicrotask(() => {
        beaconDue = false
        records.pageHidden()
        errors.pageHidden()
      })
    }
  }

  const siteEvent = (
    call: { ts: number; viewer: Viewer; href?: string },
    event: SiteEvent,
    extras: Record<string, string | number | boolean | null>,
  ) =>
    push({
      kind: 'event',
      record_id: newId(),
      ts: call.ts,
      event,
      extras,
      user_id: call.viewer.user_id === null ? null : String(call.viewer.user_id),
      user_email: call.viewer.user_email,
      // The address when it happened (a call noted before the client loaded is handled later).
      origin_url: call.href ?? originUrl(),
      trk: trk.current(),
    })

  const report = (base: Omit<ErrorReport, 'record_id'>) => {
    if (!dedupe.firstTime(errorFingerprint(base))) return
    errors.push({ record_id: newId(), ...base, message: base.message || 'Unknown error' })
    if (hidden) errors.pageHidden()
  }

  function player(ts: number, event: PlayerEvent, context: PlayerContext) {
    const viewId = context.viewId
    if (!viewId) return
    const stream: StreamRef = { video_view_uuid: viewId, ...streamOf(context) }
    if (event.type === 'heartbeat') {
      const before = reported.get(viewId) ?? 0
      let added = event.watchedSeconds - before
      if (added <= 0) return
      reported.set(viewId, event.watchedSeconds)
      const meta = context.meta ?? { category: null, sport: null, gender: null, school: null, league: null }
      // A heartbeat carries at most a minute (a background tab's timers run late): more goes in several.
      while (added > 0) {
        const viewing_time = Math.min(added, MAX_VIEWING_TIME_S)
        added -= viewing_time
        push({ kind: 'video_viewing', record_id: newId(), ts, viewing_time, ...stream, ...meta })
      }
      return
    }
    const name = videoEventOf(event)
    if (!name) return
    push({
      kind: 'video_event',
      record_id: newId(),
      ts,
      event: name,
      position: context.position === undefined ? null : Math.round(context.position * 10) / 10,
      quality: event.type === 'quality_switch' ? event.label : null,
      error_message: event.type === 'error' ? `${event.code}${event.fatal ? ' (fatal)' : ''}` : null,
      ...stream,
    })
  }

  // The tracking value of the address the viewer arrived with (later pages are checked as they come).
  try {
    trk.takeFrom(new URL(originUrl()).search)
  } catch {
    // Not a full address (tests): the visits bring their own.
  }
  // The session is made now, not at the first record: it is the one every record then waits for.
  session.ensure().catch(() => {
    // The outbox asks again, with its pauses, when it sends.
  })

  return {
    handle(call: TrackCall) {
      switch (call.kind) {
        case 'visit': {
          const search = call.page.includes('?') ? call.page.slice(call.page.indexOf('?')) : ''
          trk.takeFrom(search)
          siteEvent(call, 'visit_page', {
            page: call.page,
            authorized: call.viewer.user_id !== null,
            timestamp: call.ts,
            outer_referrer: firstVisit ? outerReferrer(call.referrer, originUrl()) : null,
            from_page: lastPage,
          })
          firstVisit = false
          lastPage = call.page
          return
        }
        case 'login':
          return siteEvent(call, 'login', { method: call.method })
        case 'commerce':
          // A field without a value is left out (the service would read a null value as 0).
          return siteEvent(
            call,
            call.event,
            Object.fromEntries(Object.entries(call.item).filter(([, value]) => value !== null)),
          )
        case 'api_failed': {
          const { failure } = call
          siteEvent(call, 'api_request', {
            sub_event: failure.kind,
            request_url: failure.url,
            method: failure.method,
            // No answer (a timeout, no connection) is status 0, as a browser reports it.
            status: failure.status ?? 0,
            error_message: failure.message.slice(0, 500),
            request_length: failure.request_length,
            response_length: failure.response_length,
          })
          if (failure.status !== null && failure.status >= 500) {
            report({
              kind: 'api',
              message: failure.message.slice(0, 1000),
              stack: null,
              url: call.href ?? originUrl(),
              status: failure.status,
              request_url: `${failure.method} ${failure.url}`,
            })
          }
          return
        }
        case 'player':
          return player(call.ts, call.event, call.context)
        case 'error':
          return report({
            kind: call.source,
            message: call.message.slice(0, 1000),
            stack: call.stack?.slice(0, 8000) ?? null,
            url: call.href ?? originUrl(),
            status: null,
            request_url: null,
          })
      }
    },
    /** The page is hidden or going away: what is waiting goes by beacon, and so does what comes next. */
    pageHidden() {
      hidden = true
      records.pageHidden()
      errors.pageHidden()
    },
    pageShown() {
      hidden = false
    },
    flush: () => Promise.all([records.flush(), errors.flush()]),
    get pending() {
      return records.pending + errors.pending
    },
  }
}
export type ProductTracker = ReturnType<typeof createProductTracker>

/** The referrer when it is another site's (spec §7 outer_referrer); null for our own pages or none. */
export function outerReferrer(referrer: string, pageUrl: string): string | null {
  if (!referrer) return null
  try {
    return new URL(referrer).origin === new URL(pageUrl).origin ? null : referrer.slice(0, 1000)
  } catch {
    return null
  }
}
