import { useMutation } from '@tanstack/react-query'
import { useApiClient } from '../../api/api-context'
import { type PaymentBody, postForOrder } from './order-answer'

/** `POST /api/stripe/buy_bundle`: one order for the bundle's passes, `created`. */
export function useBuyBundle() {
  const api = useApiClient()
  return useMutation({
    mutationFn: (body: { bundle_id: number } & PaymentBody) => postForOrder(api, 'stripe/buy_bundle', { ...body }),
  })
}
