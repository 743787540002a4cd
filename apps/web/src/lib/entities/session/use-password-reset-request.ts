import type { PasswordResetRequestSchema } from '@fieldhouse/contract'
import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import { useApiClient } from '../../api/api-context'
import { StatusSchema } from './session-schemas'

/** `POST /api/auth/password-reset-request`: always "sent", known address or not. */
export function usePasswordResetRequest() {
  const api = useApiClient()
  return useMutation({
    mutationFn: async (fields: z.output<typeof PasswordResetRequestSchema>) =>
      StatusSchema.parse((await api.post('auth/password-reset-request', { ...fields })).data),
  })
}
