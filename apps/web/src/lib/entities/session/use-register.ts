import type { RegisterSchema } from '@fieldhouse/contract'
import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import { useApiClient } from '../../api/api-context'
import { VerificationSentSchema } from './session-schemas'

/** `POST /api/v2/auth/register`: a verification link is mailed; the viewer is not signed in yet. */
export function useRegister() {
  const api = useApiClient()
  return useMutation({
    mutationFn: async (fields: z.output<typeof RegisterSchema>) =>
      VerificationSentSchema.parse((await api.post('v2/auth/register', { ...fields })).data),
  })
}
