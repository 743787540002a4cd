import { type Order, OrderSchema } from '@fieldhouse/contract'
import type { ApiClient } from '../../api/api-client'

/** The checkout calls answer the order, `created`; the provider's answer settles it later. */
export const postForOrder = async (api: ApiClient, path: string, body: Record<string, unknown>): Promise<Order> =>
  OrderSchema.parse((await api.post(path, body)).data)

/** What every checkout call carries: how the viewer pays, the promo code and the checkout's key. */
export interface PaymentBody {
  card?: { number: string; exp_month: number; exp_year: number; cvc: string }
  payment_method_id?: string
  save_card?: boolean
  coupon?: string
  idempotency_key: string
}
