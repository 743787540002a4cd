import { useMutation } from '@tanstack/react-query'
import { useApiClient } from '../../api/api-context'
import { type PaymentBody, postForOrder } from './order-answer'

/** A package or subscription by `id`, or a paid event through its single-event package (spec §5). */
export type BuyTarget = { id: number } | { single_event_package_id: number; event_id?: number }

/** `POST /api/stripe/buy`: the order, `created` (409 "You already bought this {type}."). */
export function useBuy() {
  const api = useApiClient()
  return useMutation({
    mutationFn: (body: BuyTarget & PaymentBody) => postForOrder(api, 'stripe/buy', { ...body }),
  })
}
