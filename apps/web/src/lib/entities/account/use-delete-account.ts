import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { useApiClient } from '../../api/api-context'

const SentSchema = z.object({ status: z.string() })

/** `POST /api/delete-account`: mails the signed-in user a confirmation link; nothing is deleted yet. */
export function useDeleteAccount() {
  const api = useApiClient()
  return useMutation({
    mutationFn: async () => SentSchema.parse((await api.post('delete-account', {})).data),
  })
}
