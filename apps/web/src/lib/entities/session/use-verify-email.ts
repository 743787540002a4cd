import { type AuthSession, AuthSessionSchema, type EmailVerify } from '@fieldhouse/contract'
import { useMutation } from '@tanstack/react-query'
import { pushDataLayer } from '../../analytics/data-layer'
import { productAnalytics } from '../../analytics/product-analytics'
import { useApiClient } from '../../api/api-context'

/** `POST /api/auth/email-verify` with the link's fields: signs the new account in (422 failed, 409 done before). */
export function useVerifyEmail() {
  const api = useApiClient()
  return useMutation({
    mutationFn: async (link: EmailVerify): Promise<AuthSession> =>
      AuthSessionSchema.parse((await api.post('auth/email-verify', { ...link })).data),
    onSuccess: (session) => {
      pushDataLayer({ event: 'login', method: 'email_verification' })
      productAnalytics.login('email_verification', session.profile)
    },
  })
}
