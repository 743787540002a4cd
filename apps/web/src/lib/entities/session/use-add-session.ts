import { type AuthSession, AuthSessionSchema } from '@fieldhouse/contract'
import { useMutation } from '@tanstack/react-query'
import { pushDataLayer } from '../../analytics/data-layer'
import { productAnalytics } from '../../analytics/product-analytics'
import { useApiClient } from '../../api/api-context'

/** `POST /api/auth/add_session`: the one-time code a social sign-in returns with becomes a session. */
export function useAddSession() {
  const api = useApiClient()
  return useMutation({
    mutationFn: async (code: string): Promise<AuthSession> =>
      AuthSessionSchema.parse((await api.post('auth/add_session', { code })).data),
    onSuccess: (session) => {
      pushDataLayer({ event: 'login', method: 'social' })
      productAnalytics.login('social', session.profile)
    },
  })
}
