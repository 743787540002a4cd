import { Outlet } from 'react-router'
import { useRememberPages } from './navigation-effects'
import { RouteGuardProvider } from './route-guard'
import { ScrollRestoration } from './scroll-restoration'
import { useRestoreSession } from './use-restore-session'

/** Wraps every route: navigation bookkeeping, the signed-in user's session and the navigation rules. */
export function RootRoute() {
  useRememberPages()
  useRestoreSession()
  return (
    <RouteGuardProvider>
      <ScrollRestoration />
      <Outlet />
    </RouteGuardProvider>
  )
}
