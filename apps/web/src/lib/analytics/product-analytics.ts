import type { PlayerEvents } from '@fieldhouse/player'
import { useAppStore } from '../store/app-store'
import type { ApiFailure, CommerceItem, ProductTracker, TrackCall, Viewer } from './product/product-tracker'
import type { CommerceEvent } from './product/records'

/**
 * Product analytics (spec §1, §7), the part in the page's first JavaScript: a few functions that note
 * what happens (page visits, sign-ins, failed API calls, the player's events, uncaught errors) with the
 * time it happened. The client that sends them (`product/`, its own chunk) is loaded only after the page
 * has shown and the browser is idle, so it never delays the first view; what was noted meanwhile is
 * handed to it then. When the channel has no analytics key, or the page runs on localhost without a
 * service named in the settings (spec §7), nothing is loaded and nothing is kept.
 */

/** Where the records go: the service's address ('' for this origin) and the channel's profile key. */
export interface AnalyticsTarget {
  base: string
  profile: string
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1'])

/**
 * Spec §7: needs a profile key; skipped on localhost, unless the channel's settings name the service's
 * address (a developer pointing a local page at a service on purpose).
 */
export function analyticsTarget({
  profile,
  serviceUrl,
  hostname,
}: {
  profile: string | null | undefined
  serviceUrl: string | null | undefined
  hostname: string
}): AnalyticsTarget | null {
  if (!profile) return null
  if (serviceUrl) return { base: serviceUrl, profile }
  const host = hostname.toLowerCase()
  if (LOCAL_HOSTS.has(host) || host.endsWith('.localhost')) return null
  return { base: '', profile }
}

/** Notes kept while the client loads; past this many the oldest go (a page that never idles). */
const MAX_WAITING = 500

type State =
  | { kind: 'undecided' | 'loading'; waiting: TrackCall[] }
  | { kind: 'off' }
  | { kind: 'on'; tracker: ProductTracker }
let state: State = { kind: 'undecided', waiting: [] }

/** Notes what happened; made only when analytics is not off (then nothing is read or kept). */
function note(make: () => TrackCall) {
  if (state.kind === 'off') return
  const call = make()
  if (state.kind === 'on') state.tracker.handle(call)
  else {
    state.waiting.push(call)
    if (state.waiting.length > MAX_WAITING) state.waiting.shift()
  }
}

const viewer = (): Viewer => {
  const user = useAppStore.getState().user
  return { user_id: user?.id ?? null, user_email: user?.email ?? null }
}
const here = () => window.location
const page = () => `${here().pathname}${here().search}`

export const productAnalytics = {
  /** A route change (pathname and search). */
  visit(path: string) {
    note(() => ({
      kind: 'visit',
      ts: Date.now(),
      page: path,
      viewer: viewer(),
      referrer: document.referrer,
      href: here().href,
    }))
  },
  /** A sign-in, with the account it opened (the store learns it a moment later). */
  login(method: 'email' | 'social' | 'email_verification', user: { id: number; email: string }) {
    note(() => ({
      kind: 'login',
      ts: Date.now(),
      method,
      viewer: { user_id: user.id, user_email: user.email },
      href: here().href,
    }))
  },
  /**
   * The funnel's steps (decision 0033 counts exactly these): `view_item_list` when passes are offered,
   * `begin_checkout` when a checkout opens with a pass, `purchase_success` when its order is paid.
   */
  commerce(event: CommerceEvent, item: Partial<CommerceItem> = {}) {
    note(() => ({
      kind: 'commerce',
      ts: Date.now(),
      event,
      item: {
        item_id: item.item_id ?? null,
        item_name: item.item_name ?? null,
        value: item.value ?? null,
        currency: item.currency ?? null,
      },
      viewer: viewer(),
      href: here().href,
    }))
  },
  apiFailed(failure: ApiFailure) {
    note(() => ({ kind: 'api_failed', ts: Date.now(), failure, viewer: viewer(), page: page(), href: here().href }))
  },
  error(source: 'error' | 'unhandledrejection', reason: unknown) {
    note(() => {
      const error = reason instanceof Error ? reason : null
      const message = error ? `${error.name}: ${error.message}` : String(reason)
      return {
        kind: 'error',
        ts: Date.now(),
        source,
        message,
        stack: error?.stack ?? null,
        page: page(),
        href: here().href,
      }
    })
  },
}

/** The player's events, for the watch pages (`features/watch/player/player-events.ts`). */
export const productPlayerEvents: PlayerEvents = {
  emit: (event, context) => note(() => ({ kind: 'player', ts: Date.now(), event, context })),
}

/** After the first paint, when the browser is idle (at most `timeoutMs` later). */
export function afterFirstPaintIdle(run: () => void, timeoutMs = 3000) {
  requestAnimationFrame(() =>
    setTimeout(() => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: timeoutMs })
      else setTimeout(run, 1)
    }, 0),
  )
}

/**
 * Called at start-up once the channel's settings are known: decides, and (when on) loads the client
 * once the page has shown. Uncaught errors and unhandled rejections are noted from here on.
 */
export function startProductAnalytics(
  target: AnalyticsTarget | null,
  {
    load = () => import('./product/start-tracker').then((m) => m.startTracker),
    whenIdle = afterFirstPaintIdle,
    target: win = globalThis.window,
  }: {
    load?: () => Promise<(target: AnalyticsTarget) => ProductTracker>
    whenIdle?: (run: () => void) => void
    target?: Pick<Window, 'addEventListener'> & { document: Pick<Document, 'addEventListener' | 'visibilityState'> }
  } = {},
) {
  if (state.kind !== 'undecided') return
  if (!target) {
    state = { kind: 'off' }
    return
  }
  const waiting = state.waiting
  state = { kind: 'loading', waiting }
  win.addEventListener('error', (event: ErrorEvent) => productAnalytics.error('error', event.error ?? event.message))
  win.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) =>
    productAnalytics.error('unhandledrejection', event.reason),
  )
  whenIdle(() => {
    load().then(
      (startTracker) => {
        const tracker = startTracker(target)
        const noted = state.kind === 'loading' ? state.waiting : []
        state = { kind: 'on', tracker }
        for (const call of noted) tracker.handle(call)
        const hide = () => tracker.pageHidden()
        win.addEventListener('pagehide', hide)
        win.document.addEventListener('visibilitychange', () => {
          if (win.document.visibilityState === 'hidden') hide()
          else tracker.pageShown()
        })
        if (win.document.visibilityState === 'hidden') hide()
      },
      () => {
        // The chunk did not load (offline, a new release): the page goes on without analytics.
        state = { kind: 'off' }
      },
    )
  })
}

/** Test seam: back to the state before start-up. */
export function resetProductAnalytics() {
  state = { kind: 'undecided', waiting: [] }
}
