import { type PriceQuote, PriceQuoteSchema } from '@fieldhouse/contract'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useApiClient } from '../../api/api-context'
import { useAppStore } from '../../store/app-store'
import { userQueryKey } from '../account/query-keys'

/**
 * `POST /api/stripe/invoice-preview {subscription_id, coupon}`: a subscription's first invoice for
 * this viewer (the provider's own arithmetic), with the trial's end when they would get one.
 */
export function useInvoicePreview(subscriptionId: number | null, coupon: string | null) {
  const api = useApiClient()
  const userId = useAppStore((state) => state.user?.id ?? null)
  return useQuery({
    queryKey: userQueryKey(userId ?? 0, 'invoice-preview', String(subscriptionId), coupon ?? ''),
    queryFn: async (): Promise<PriceQuote> =>
      PriceQuoteSchema.parse(
        (
          await api.post('stripe/invoice-preview', {
            subscription_id: subscriptionId,
            ...(coupon ? { coupon } : {}),
          })
        ).data,
      ),
    enabled: subscriptionId !== null && userId !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  })
}
