import { QueryClientProvider } from '@tanstack/react-query'
import { Suspense } from 'react'
import { RouterProvider } from 'react-router/dom'
import { PopupHost } from '../components/ui/popup-host'
import { PageLoader } from '../components/ui/spinner'
import { ToastViewport } from '../components/ui/toast-viewport'
import { ApiClientProvider } from '../lib/api/api-context'
import { useAppStatusStore } from './app-status-store'
import { ApiKeyErrorScreen } from './error-screens/api-key-error-screen'
import { type AppServices, renewKeysAndReload } from './startup/app-services'
import type { AppRouter } from './startup/start-app'
import { ThemeSync } from './theme-sync'

export function App({ services, router }: { services: AppServices; router: AppRouter }) {
  const isApiKeyErrorShown = useAppStatusStore((state) => state.isApiKeyErrorShown)

  if (isApiKeyErrorShown) return <ApiKeyErrorScreen onReload={() => renewKeysAndReload(services)} />

  return (
    <QueryClientProvider client={services.queryClient}>
      <ApiClientProvider client={services.api}>
        <ThemeSync />
        <Suspense fallback={<PageLoader />}>
          <RouterProvider router={router} />
        </Suspense>
        <ToastViewport />
        <PopupHost />
      </ApiClientProvider>
    </QueryClientProvider>
  )
}

/** What renders when startup did not get as far as the app. */
export function StartupFailure({ services }: { services: AppServices | null }) {
  return <ApiKeyErrorScreen onReload={() => renewKeysAndReload(services)} />
}
