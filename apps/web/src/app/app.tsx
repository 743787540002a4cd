import { QueryClientProvider } from '@tanstack/react-query'
import { Suspense, useEffect, useMemo } from 'react'
import { BrowserRouter, type RouteObject, useLocation, useRoutes } from 'react-router'
import { PopupHost } from '../components/ui/popup-host'
import { PageLoader } from '../components/ui/spinner'
import { ToastViewport } from '../components/ui/toast-viewport'
import type { ApiKeySource } from '../lib/api/api-client'
import { ApiClientProvider } from '../lib/api/api-context'
import { RuntimeConfigProvider } from '../lib/config/runtime-config'
import { useAppStatusStore } from './app-status-store'
import { ApiKeyErrorScreen } from './error-screens/api-key-error-screen'
import { type AppServices, renewKeysAndReload } from './startup/app-services'
import type { AppRouter } from './startup/start-app'
import { ThemeSync } from './theme-sync'

/** The views' access to the keys: a new anonymous key that cannot be had brings up the error screen (spec §2). */
function keysForViews(keys: ApiKeySource): ApiKeySource {
  return {
    ...keys,
    refreshApiKey: () =>
      keys.refreshApiKey().catch((error: unknown) => {
        useAppStatusStore.getState().showApiKeyError()
        throw error
      }),
  }
}

/** The routes of spec §2, matched against the location (React Router's declarative core, issue 32). */
function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes)
}

/** Tells the start each committed location (page views, product analytics). */
function LocationChanges({ onChange }: { onChange: () => void }) {
  const location = useLocation()
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per location
  useEffect(() => onChange(), [location, onChange])
  return null
}

export function App({ services, router }: { services: AppServices; router: AppRouter }) {
  const isApiKeyErrorShown = useAppStatusStore((state) => state.isApiKeyErrorShown)
  const keys = useMemo(() => keysForViews(services.keys), [services.keys])

  if (isApiKeyErrorShown) return <ApiKeyErrorScreen onReload={() => renewKeysAndReload(services)} />

  return (
    <QueryClientProvider client={services.queryClient}>
      <RuntimeConfigProvider config={services.config}>
        <ApiClientProvider client={services.api} keys={keys}>
          <ThemeSync />
          <Suspense fallback={<PageLoader />}>
            <BrowserRouter basename={router.basename}>
              <LocationChanges onChange={router.locationChanged} />
              <Routes routes={router.routes} />
            </BrowserRouter>
          </Suspense>
          <ToastViewport />
          <PopupHost />
        </ApiClientProvider>
      </RuntimeConfigProvider>
    </QueryClientProvider>
  )
}

/** What renders when startup did not get as far as the app. */
export function StartupFailure({ services }: { services: AppServices | null }) {
  return <ApiKeyErrorScreen onReload={() => renewKeysAndReload(services)} />
}
