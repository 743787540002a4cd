import { type CustomForm, CustomFormSchema, MINUTE } from '@fieldhouse/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ApiClient } from '../../api/api-client'
import { useApiClient } from '../../api/api-context'
import { httpStatus } from '../../api/error-text'
import { useAppStore } from '../../store/app-store'
import { userQueryKey } from './query-keys'

export const customFormQueryKey = (userId: number, alias: string) => userQueryKey(userId, 'custom-forms', alias)

/** `GET /api/custom-forms/{alias}`; spec §7: a 404 is tolerated and means there is no such form (null). */
export const customFormQueryOptions = (api: ApiClient, userId: number, alias: string) =>
  queryOptions({
    queryKey: customFormQueryKey(userId, alias),
    queryFn: async ({ signal }): Promise<CustomForm | null> => {
      try {
        return CustomFormSchema.parse(
          (await api.get(`custom-forms/${encodeURIComponent(alias)}`, { signal, expectedStatuses: [404] })).data,
        )
      } catch (error) {
        if (httpStatus(error) === 404) return null
        throw error
      }
    },
    staleTime: 5 * MINUTE,
  })

/**
 * The signed-in user's answers to a custom form. Disabled while nobody is signed in, and while the
 * user has a temporary password (the server opens only the profile to them until it is changed).
 */
export function useCustomForm(alias: string) {
  const api = useApiClient()
  const userId = useAppStore((state) => state.user?.id ?? null)
  const temporaryPassword = useAppStore((state) => state.user?.temporary_password === true)
  return useQuery({
    ...customFormQueryOptions(api, userId ?? 0, alias),
    enabled: userId !== null && !temporaryPassword,
  })
}
