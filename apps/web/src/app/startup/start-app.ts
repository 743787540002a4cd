import { createBrowserRouter } from 'react-router'
import { seedChannelQueries } from '../../features/channel/api/seed-channel-queries'
import { bootstrapQueryOptions, type ChannelBootstrap } from '../../features/channel/api/use-bootstrap'
import { domainCategoryRedirect } from '../../features/channel/domain-category'
import { dataLayerEnabled, enableDataLayer, pageViews } from '../../lib/analytics/data-layer'
import { initI18n, pickLanguage } from '../../lib/i18n/i18n'
import { applyColorVariables } from '../../lib/theme/color-variables'
import { appRoutes } from '../router/app-routes'
import { runtimeRoutes } from '../router/runtime-routes'
import { type AppServices, createAppServices, loadRuntimeConfig } from './app-services'
import { routerBasename } from './router-basename'

export type AppRouter = ReturnType<typeof createBrowserRouter>

export type StartupResult =
  | { kind: 'ready'; services: AppServices; bootstrap: ChannelBootstrap; router: AppRouter }
  | { kind: 'redirect'; url: string }
  | { kind: 'failed'; services: AppServices | null; error: unknown }

/**
 * Spec §2 startup: runtime config → keys file → api key (the stored one when there is one) →
 * bootstrap data. Any failure here (after the api client's one automatic key recovery) ends on the error screen.
 */
export async function startApp(): Promise<StartupResult> {
  let services: AppServices | null = null
  try {
    const config = await loadRuntimeConfig()
    services = createAppServices(config)
    await services.keys.ensureApiKey()
    const bootstrap = await services.queryClient.fetchQuery(bootstrapQueryOptions(services.api))

    const redirectUrl = domainCategoryRedirect(bootstrap.settings.domain_category, bootstrap['events-categories'])
    if (redirectUrl) return { kind: 'redirect', url: redirectUrl }

    seedChannelQueries(services.queryClient, bootstrap)
    enableDataLayer(bootstrap.settings['google-analytics']['google-tag'])
    applyColorVariables(bootstrap['color-settings'])
    await initI18n(pickLanguage(bootstrap.settings.language))
    // Built after the bootstrap so the channel's CMS pages and routes are part of it from the first render.
    const router = createBrowserRouter(appRoutes(runtimeRoutes(bootstrap.pages, bootstrap.settings.routes)), {
      basename: routerBasename(config.basePath),
    })
    if (dataLayerEnabled()) {
      // page_view per route change (a new path or query), sent once the page has set its title.
      const where = (l: { pathname: string; search: string }) => `${l.pathname}${l.search}`
      let last = where(router.state.location)
      pageViews.routeChanged(last)
      router.subscribe((state) => {
        if (state.navigation.state !== 'idle' || where(state.location) === last) return
        last = where(state.location)
        pageViews.routeChanged(last)
      })
    }
    return { kind: 'ready', services, bootstrap, router }
  } catch (error) {
    return { kind: 'failed', services, error }
  }
}
