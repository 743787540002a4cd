import { type AdminMe, AdminMeSchema, TotpSetupSchema } from '@fieldhouse/contract'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useApiClient } from '../../../lib/api/api-context'
import { httpStatus } from '../../../lib/api/error-text'
import { useAppStore } from '../../../lib/store/app-store'
import { adminQueriesRoot, useAdminWrite } from './admin-api'

export const meQueryKey = [...adminQueriesRoot, 'me'] as const

/**
 * `GET /api/admin/me`: the signed-in viewer as an operator of this channel. Null when the viewer is
 * signed in but holds no role here (403) or is not signed in (401).
 */
export function useMe() {
  const api = useApiClient()
  const userId = useAppStore((state) => state.user?.id ?? null)
  return useQuery({
    queryKey: [...meQueryKey, userId] as const,
    enabled: userId !== null,
    retry: false,
    queryFn: async ({ signal }): Promise<AdminMe | null> => {
      try {
        return AdminMeSchema.parse((await api.get('admin/me', { signal })).data)
      } catch (error) {
        const status = httpStatus(error)
        if (status === 401 || status === 403) return null
        throw error
      }
    },
  })
}

/** A code sent to one of the second factor's calls (204: no body); the operator is asked again after. */
const useTotpCode = (method: 'POST' | 'DELETE', path: string) =>
  useAdminWrite(async (api, code: string) => {
    await api.request(method, path, { body: { code } })
  }, meQueryKey)

/** `POST /api/admin/me/totp/verify`: this session passes the second factor. */
export const useTotpVerify = () => useTotpCode('POST', 'admin/me/totp/verify')

/** `POST /api/admin/me/totp`: a new secret to put in an authenticator app (not on until confirmed). */
export function useTotpSetup() {
  const api = useApiClient()
  return useMutation({
    mutationFn: async () => TotpSetupSchema.parse((await api.post('admin/me/totp')).data),
  })
}

/** `POST /api/admin/me/totp/confirm`: the first code from the app turns the second factor on. */
export const useTotpConfirm = () => useTotpCode('POST', 'admin/me/totp/confirm')

/** `DELETE /api/admin/me/totp`: a current code turns the second factor off. */
export const useTotpDisable = () => useTotpCode('DELETE', 'admin/me/totp')
