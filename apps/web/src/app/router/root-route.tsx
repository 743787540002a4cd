import { Navigate, Outlet, ScrollRestoration, useLocation } from 'react-router'
import { paths } from '../../lib/navigation/paths'
import { isSignedOutOnlyPage } from '../../lib/navigation/remember-page'
import { useAppStore } from '../../lib/store/app-store'
import { useRememberPages } from './navigation-effects'

/** Wraps every route: navigation bookkeeping and scroll restoration. */
export function RootRoute() {
  useRememberPages()
  const location = useLocation()
  const user = useAppStore((state) => state.user)

  // Spec §2: once a profile is loaded (the user is known), sign-in and reset pages send the viewer home.
  if (user && isSignedOutOnlyPage(location.pathname)) return <Navigate to={paths.home} replace />

  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  )
}
