import { Outlet, ScrollRestoration } from 'react-router'
import { useRestoreSession } from './use-restore-session'
import { useRememberPages } from './navigation-effects'
import { RouteGuardProvider } from './route-guard'

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
