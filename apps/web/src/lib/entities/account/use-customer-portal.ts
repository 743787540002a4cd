import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { useApiClient } from '../../api/api-context'
import { useAppStore } from '../../store/app-store'
import { userQueryKey } from './query-keys'

/**
 * `GET /api/stripe/customer-portal`: Stripe's page where the viewer manages cards and invoices. Its
 * address is a short-lived session, so it is asked for on each visit; only when Stripe takes the money.
 */
export function useCustomerPortal(enabled: boolean) {
  const api = useApiClient()
  const userId = useAppStore((state) => state.user?.id ?? null)
  return useQuery({
    queryKey: userQueryKey(userId ?? 0, 'customer-portal'),
    queryFn: async ({ signal }): Promise<string> =>
      z
        .object({ url: z.string().regex(/^https?:\/\//) })
        .parse((await api.get('stripe/customer-portal', { signal })).data).url,
    enabled: enabled && userId !== null,
    staleTime: 0,
    gcTime: 0,
  })
}
