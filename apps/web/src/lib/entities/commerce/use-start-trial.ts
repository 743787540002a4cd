import { useMutation } from '@tanstack/react-query'
import { useApiClient } from '../../api/api-context'
import { type PaymentBody, postForOrder } from './order-answer'

/**
 * `POST /api/stripe/subscription/start_trial`: the subscription starts now, free; the card is charged
 * when the trial ends unless the viewer cancels (spec §4 Trial).
 */
export function useStartTrial() {
  const api = useApiClient()
  return useMutation({
    mutationFn: (body: { subscription_id: number } & PaymentBody) =>
      postForOrder(api, 'stripe/subscription/start_trial', { ...body }),
  })
}
