import { type PriceQuote, PriceQuoteSchema } from '@fieldhouse/contract'
import { useMutation } from '@tanstack/react-query'
import { useApiClient } from '../../api/api-context'

export interface ApplyCouponInput {
  code: string
  id: number
  type: 'event' | 'package' | 'subscription' | 'bundle'
}

/**
 * `GET /api/apply_coupon?code=&id=&type=`: the price with the code. A refused code answers 422
 * "Wrong promo code". A mutation, though a GET: it runs when the viewer presses Apply.
 */
export function useApplyCoupon() {
  const api = useApiClient()
  return useMutation({
    mutationFn: async (input: ApplyCouponInput): Promise<PriceQuote> =>
      PriceQuoteSchema.parse((await api.get('apply_coupon', { query: { ...input } })).data),
  })
}
