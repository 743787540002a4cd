import { MINUTE, type PaymentConfig, PaymentConfigSchema } from '@fieldhouse/contract'
import { useQuery } from '@tanstack/react-query'
import { useApiClient } from '../../api/api-context'
import { paymentConfigQueryKey } from './query-keys'

/**
 * `GET /api/stripe/config`: which gateway takes the money. `test` charges nothing (the pages say so);
 * `stripe` with a publishable key has Stripe Elements collect the card.
 */
export function usePaymentConfig() {
  const api = useApiClient()
  return useQuery({
    queryKey: paymentConfigQueryKey,
    queryFn: async ({ signal }): Promise<PaymentConfig> =>
      PaymentConfigSchema.parse((await api.get('stripe/config', { signal })).data),
    staleTime: 10 * MINUTE,
  })
}
