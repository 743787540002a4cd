import type { DeleteAccountConfirm } from '@fieldhouse/contract'
import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { useApiClient } from '../../api/api-context'

const DeletedSchema = z.object({ status: z.string() })

/** `POST /api/delete-account-confirm` with the fields of the mailed link; 422 when the link does not hold. */
export function useDeleteAccountConfirm() {
  const api = useApiClient()
  return useMutation({
    mutationFn: async (link: DeleteAccountConfirm) =>
      DeletedSchema.parse((await api.post('delete-account-confirm', { ...link })).data),
  })
}
