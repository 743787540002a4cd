import { constants } from '@fieldhouse/contract'
import { preloadPlaybackEngine } from '@fieldhouse/player'
import type { RouteObject } from 'react-router'
import { dataLayerEnabled, enableDataLayer, pageViews } from '../../lib/analytics/data-layer'
import { analyticsTarget, productAnalytics, startProductAnalytics } from '../../lib/analytics/product-analytics'
import { seedChannelQueries } from '../../lib/entities/channel/seed-channel-queries'
import { bootstrapQueryOptions, type ChannelBootstrap } from '../../lib/entities/channel/use-bootstrap'
import { watchDetailPath, watchSourceOf } from '../../lib/entities/playback/watch-source'
import { initI18n, pickLanguage } from '../../lib/i18n/i18n'
import { useAppStore } from '../../lib/store/app-store'
import { applyColorVariables } from '../../lib/theme/color-variables'
import { appRoutes, homeViews, watchViews } from '../router/app-routes'
import { withTimeout } from '../router/lazy-view'
import { runtimeRoutes } from '../router/runtime-routes'
import { type AppServices, createAppServices, loadRuntimeConfig } from './app-services'
import { domainCategoryRedirect } from './domain-category'
import { isHomePath, routerBasename } from './router-basename'

/**
 * What the app's router is made of: the routes, known once the bootstrap is (the channel's CMS pages and
 * redirects), the base path, and what to tell of each location the viewer reaches.
 */
export interface AppRouter {
  routes: RouteObject[]
  basename: string
  /** Called once a location is on the page; a location already told is not told again. */
  locationChanged(): void
}

export type StartupResult =
  | { kind: 'ready'; services: AppServices; bootstrap: ChannelBootstrap; router: AppRouter }
  | { kind: 'redirect'; url: string }
  | { kind: 'failed'; services: AppServices | null; error: unknown }

/** How long the start waits for a watch page's detail and hls.js beyond the bootstrap. */
const WATCH_DATA_GRACE_MS = 250

/**
 * Spec §2 startup: runtime config → keys file → api key (the stored one when there is one) →
 * bootstrap data. Any failure here (after the api client's one automatic key recovery) ends on the error screen.
 *
 * A page opened on a watch route gets its view chunk, its detail and hls.js beside that chain, not
 * after the first render: the viewer's time to the game is the chain plus one render.
 */
export async function startApp(): Promise<StartupResult> {
  let services: AppServices | null = null
  try {
    const config = await loadRuntimeConfig()
    services = createAppServices(config)
    const watchSource = watchSourceOf(window.location.pathname, routerBasename(config.basePath))
    const watchView = watchSource ? watchViews.load() : null
    // The watch page's early start (its detail, hls.js, the first seconds) is code only a watch page
    // needs: its own chunk, asked for now, here by the time the api key is.
    const watchPreload = watchSource ? import('../../features/watch/watch-preload') : null
    watchPreload?.catch(() => {})
    // The home page's view and words come beside the keys and the bootstrap, not after the first render.
    const homeView = isHomePath(window.location.pathname, routerBasename(config.basePath)) ? homeViews.load() : null
    homeView?.catch(() => {})
    // A view that fails to load says so itself, when it renders.
    watchView?.catch(() => {})
    await services.keys.ensureApiKey()
    const { api, queryClient } = services
    let watchData: Promise<void> | null = null
    if (watchSource && watchPreload) {
      // The detail's request and hls.js go out now, not once the preload's chunk is here. Without that
      // chunk the page still loads everything itself when it renders.
      const engine = preloadPlaybackEngine()
      const answer = api.get(watchDetailPath(watchSource))
      answer.catch(() => {})
      const viewerId = useAppStore.getState().user?.id ?? null
      watchData = watchPreload.then(
        ({ preloadWatchPage }) => preloadWatchPage(watchSource, { api, queryClient, viewerId, answer, engine }),
        () => {},
      )
    }
    const bootstrap = await services.queryClient.fetchQuery(bootstrapQueryOptions(services.api))

    const redirectUrl = domainCategoryRedirect(bootstrap.settings.domain_category, bootstrap['events-categories'])
    if (redirectUrl) return { kind: 'redirect', url: redirectUrl }

    seedChannelQueries(services.queryClient, bootstrap)
    enableDataLayer(bootstrap.settings['google-analytics']['google-tag'])
    applyColorVariables(bootstrap['color-settings'])
    await initI18n(pickLanguage(bootstrap.settings.language))
    const analytics = bootstrap.settings['yare-analytics']
    startProductAnalytics(
      analyticsTarget({
        profile: analytics['yare-analytics-key'],
        serviceUrl: analytics['yare-analytics-url'],
        hostname: window.location.hostname,
      }),
    )
    // page_view (when the channel has a Google tag, once the page has set its title) and visit_page
    // (product analytics) per route change: a new path or query.
    const where = () => `${window.location.pathname}${window.location.search}`
    let last = where()
    const routeChanged = (path: string) => {
      if (dataLayerEnabled()) pageViews.routeChanged(path)
      productAnalytics.visit(path)
    }
    routeChanged(last)
    // Built after the bootstrap so the channel's CMS pages and routes are part of it from the first render.
    const router: AppRouter = {
      routes: appRoutes(runtimeRoutes(bootstrap.pages, bootstrap.settings.routes)),
      basename: routerBasename(config.basePath),
      locationChanged: () => {
        if (where() === last) return
        last = where()
        routeChanged(last)
      },
    }
    // Rendered only once here, the view shows at once instead of behind a fallback (see `lazyView`).
    if (watchView) await withTimeout(watchView, constants.chunkLoadTimeoutMs).catch(() => {})
    if (homeView) await withTimeout(homeView, constants.chunkLoadTimeoutMs).catch(() => {})
    // The detail and hls.js come about when the bootstrap does. Waiting a moment for them lets the
    // video start loading before the first render, one long task; a slow or failing detail is the
    // page's to show, not a reason to keep the splash up.
    if (watchData) await Promise.race([watchData, new Promise((resolve) => setTimeout(resolve, WATCH_DATA_GRACE_MS))])
    return { kind: 'ready', services, bootstrap, router }
  } catch (error) {
    return { kind: 'failed', services, error }
  }
}
