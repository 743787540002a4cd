import { type AuthSession, AuthSessionSchema, type LoginSchema } from '@fieldhouse/contract'
import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import { pushDataLayer } from '../../analytics/data-layer'
import { productAnalytics } from '../../analytics/product-analytics'
import { useApiClient } from '../../api/api-context'

/** `POST /api/v2/auth/login`: 401 wrong credentials, 409 already signed in, 429 throttled. */
export function useLogin() {
  const api = useApiClient()
  return useMutation({
    mutationFn: async (credentials: z.output<typeof LoginSchema>): Promise<AuthSession> =>
      AuthSessionSchema.parse((await api.post('v2/auth/login', { ...credentials })).data),
    onSuccess: (session) => {
      pushDataLayer({ event: 'login', method: 'email' })
      productAnalytics.login('email', session.profile)
    },
  })
}
