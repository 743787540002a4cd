import { useMutation } from '@tanstack/react-query'
import { useApiClient } from '../../api/api-context'
import { StatusSchema } from './session-schemas'

/** `POST /api/auth/logout`: 403 "user can't be logged out" without the basic pass (spec §4). */
export function useLogout() {
  const api = useApiClient()
  return useMutation({
    mutationFn: async () => StatusSchema.parse((await api.post('auth/logout', {})).data),
  })
}
