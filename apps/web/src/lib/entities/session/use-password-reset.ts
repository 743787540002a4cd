import type { PasswordResetSchema } from '@fieldhouse/contract'
import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import { useApiClient } from '../../api/api-context'
import { StatusSchema } from './session-schemas'

/** `POST /api/auth/password-reset` with the link's email and token: 422 expired or failed. */
export function usePasswordReset() {
  const api = useApiClient()
  return useMutation({
    mutationFn: async (fields: z.output<typeof PasswordResetSchema>) =>
      StatusSchema.parse((await api.post('auth/password-reset', { ...fields })).data),
  })
}
