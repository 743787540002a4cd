import type { AuthSession } from '@fieldhouse/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import { useApiKeys } from '../../api/api-context'
import { useAppStore } from '../../store/app-store'
import { userQueriesRoot } from '../account/query-keys'
import { profileQueryKey } from '../account/use-profile'

/**
 * Spec §4 authentication transitions.
 * - `startSession`: login, verification, social sign-in. The answer's api key replaces the anonymous
 *   one and its profile becomes the user; `afterSignIn` is where the router takes them from a sign-in page.
 * - `endSession`: logout and account deletion. The user and the api key are forgotten, every answer
 *   about the user is dropped, and a new anonymous key is fetched (a failure brings up the error screen).
 */
export function useSessionActions() {
  const queryClient = useQueryClient()
  const keys = useApiKeys()

  const startSession = useCallback(
    (session: AuthSession, afterSignIn: string | null = null) => {
      queryClient.removeQueries({ queryKey: userQueriesRoot })
      queryClient.setQueryData(profileQueryKey(session.profile.id), session.profile)
      useAppStore.getState().signIn(session, afterSignIn)
    },
    [queryClient],
  )

  const endSession = useCallback(async () => {
    useAppStore.getState().signOut()
    queryClient.removeQueries({ queryKey: userQueriesRoot })
    await keys.refreshApiKey()
  }, [queryClient, keys])

  return useMemo(() => ({ startSession, endSession }), [startSession, endSession])
}
