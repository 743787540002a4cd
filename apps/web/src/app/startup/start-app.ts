import { constants, RuntimeConfigSchema } from '@fieldhouse/contract'
import { preloadPlaybackEngine } from '@fieldhouse/player'
import type { RouteObject } from 'react-router'
import { dataLayerEnabled, enableDataLayer, pageViews } from '../../lib/analytics/data-layer'
import { analyticsTarget, productAnalytics, startProductAnalytics } from '../../lib/analytics/product-analytics'
import { bootstrapPath, bootstrapQuery } from '../../lib/entities/channel/bootstrap-query'
import { seedChannelQueries } from '../../lib/entities/channel/seed-channel-queries'
import { bootstrapQueryOptions, type ChannelBootstrap } from '../../lib/entities/channel/use-bootstrap'
import { eventQueryOptions } from '../../lib/entities/events/use-event'
import { watchDetailPath, watchSourceOf } from '../../lib/entities/playback/watch-source'
import { vodItemQueryOptions } from '../../lib/entities/vod/use-vod-item'
import { initI18n, pickLanguage } from '../../lib/i18n/i18n'
import { useAppStore } from '../../lib/store/app-store'
import { applyColorVariables } from '../../lib/theme/color-variables'
import { appRoutes, homeViews, watchViews } from '../router/app-routes'
import { withTimeout } from '../router/lazy-view'
import { runtimeRoutes } from '../router/runtime-routes'
import { type AppServices, createAppServices, loadRuntimeConfig } from './app-services'
import { domainCategoryRedirect } from './domain-category'
import { takeEarlyStart } from './early-start'
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

/**
 * Spec §2 startup: runtime config → keys file → api key (the stored one when there is one) →
 * bootstrap data. Any failure here (after the api client's one automatic key recovery) ends on the error screen.
 *
 * The page's first script began that chain before the app's scripts arrived (`early-start.ts`): the
 * start takes its answers, parses them as it always did and stores its keys; a step it could not do is
 * done here. On a watch route the detail is asked for beside the bootstrap and is in the page's cache
 * before the first render, so the page's player is on the first render and adopts the core the first
 * script made (decision 0054); the view's chunk comes beside the chain.
 */
export async function startApp(): Promise<StartupResult> {
  let services: AppServices | null = null
  const early = takeEarlyStart()
  try {
    const config = early
      ? await early.config.then((raw) => RuntimeConfigSchema.parse(raw), loadRuntimeConfig)
      : await loadRuntimeConfig()
    services = createAppServices(config)
    const watchSource = watchSourceOf(window.location.pathname, routerBasename(config.basePath))
    const watchView = watchSource ? watchViews.load() : null
    // The home page's view and words come beside the keys and the bootstrap, not after the first render.
    const homeView = isHomePath(window.location.pathname, routerBasename(config.basePath)) ? homeViews.load() : null
    homeView?.catch(() => {})
    // A view that fails to load says so itself, when it renders.
    watchView?.catch(() => {})
    const earlyKeys = early ? await early.keys : null
    if (earlyKeys) {
      const store = useAppStore.getState()
      if (store.apiKey !== earlyKeys.apiKey) store.setApiKey(earlyKeys.apiKey)
      if (earlyKeys.channelKey && store.channelKey !== earlyKeys.channelKey) store.setChannelKey(earlyKeys.channelKey)
    }
    await services.keys.ensureApiKey()
    const { api, queryClient } = services
    // What the first script asked for is read from its answer; what it could not ask is asked here.
    const earlyWatch = early ? await early.watch : null
    let watchDetail: Promise<unknown> | null = null
    if (watchSource) {
      preloadPlaybackEngine()
      const asked = () => api.get(watchDetailPath(watchSource))
      const answer = earlyWatch ? earlyWatch.detail.catch(asked) : asked()
      const viewerId = useAppStore.getState().user?.id ?? null
      const seeded: Promise<unknown> =
        watchSource.kind === 'event'
          ? queryClient.fetchQuery(eventQueryOptions(api, viewerId, watchSource.id, answer))
          : queryClient.fetchQuery(vodItemQueryOptions(api, viewerId, watchSource.id, answer))
      watchDetail = seeded.catch(() => {})
    }
    const bootstrapAnswer = early?.bootstrap.catch(() => api.get(bootstrapPath, { query: bootstrapQuery }))
    const bootstrap = await services.queryClient.fetchQuery(bootstrapQueryOptions(services.api, bootstrapAnswer))

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
    // A watch page is ready when its player is (spec §2, decision 0054): its detail is in the cache
    // before the first render, whatever it said (a failure is the page's to show; the request has its
    // own time limit).
    if (watchDetail) await watchDetail
    return { kind: 'ready', services, bootstrap, router }
  } catch (error) {
    return { kind: 'failed', services, error }
  }
}
