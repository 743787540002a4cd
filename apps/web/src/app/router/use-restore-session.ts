import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { useApiClient } from '../../lib/api/api-context'
import { profileQueryOptions } from '../../lib/entities/account/use-profile'
import { isAuthPageForSignedIn } from '../../lib/navigation/navigation-rules'
import { paths } from '../../lib/navigation/paths'
import { useAppStore } from '../../lib/store/app-store'

/**
 * Spec §2 startup: with a stored user, the profile is loaded once. It refreshes the stored user; a 401
 * has already reset the user in the api client (spec §8: tolerated, no notice); any other failure keeps
 * the stored user. Once it loads, a user standing on an auth page is sent to /.
 */
export function useRestoreSession() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const pathnameRef = useRef(pathname)
  const started = useRef(false)

  useEffect(() => {
    pathnameRef.current = pathname
  }, [pathname])

  useEffect(() => {
    if (started.current) return
    started.current = true
    const stored = useAppStore.getState().user
    if (!stored) return
    queryClient.fetchQuery(profileQueryOptions(api, stored.id)).then(
      (profile) => {
        const { user, setUser } = useAppStore.getState()
        // Signed out, or in as someone else, while the answer was on its way.
        if (user?.id !== stored.id) return
        setUser(profile)
        if (isAuthPageForSignedIn(pathnameRef.current)) void navigate(paths.home, { replace: true })
      },
      () => undefined,
    )
  }, [api, queryClient, navigate])
}
