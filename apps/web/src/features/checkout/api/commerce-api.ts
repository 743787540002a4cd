import {
  BundleSchema,
  CardSchema,
  constants,
  MINUTE,
  type Order,
  OrderSchema,
  PackageSchema,
  PaymentConfigSchema,
  PriceQuoteSchema,
  TransactionSchema,
} from '@fieldhouse/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { useApiClient } from '../../../lib/api/api-context'
import { useAppStore } from '../../../lib/store/app-store'
import { userQueriesRoot, userQueryKey } from '../../account/api/query-keys'
import { eventsQueryRoot } from '../../events/api/query-keys'

/**
 * One hook per payments endpoint (spec §7 Payments). The catalogue of passes is public; everything
 * about the viewer's orders, cards and transactions is keyed under the user, so signing out drops it.
 */

const useUserId = () => useAppStore((state) => state.user?.id ?? null)

/** `GET packages` (no_limit=1) and `GET subscriptions` (no_limit=1) and `GET bundles`. */
export function usePasses() {
  const api = useApiClient()
  return useQuery({
    queryKey: ['passes'],
    queryFn: async ({ signal }) => {
      const [packages, subscriptions, bundles] = await Promise.all([
        api.get('packages', { query: { no_limit: 1 }, signal }),
        api.get('subscriptions', { query: { no_limit: 1 }, signal }),
        api.get('bundles', { signal }),
      ])
      return {
        packages: z.array(PackageSchema).parse(packages.data),
        subscriptions: z.array(PackageSchema).parse(subscriptions.data),
        bundles: z.array(BundleSchema).parse(bundles.data),
      }
    },
    staleTime: MINUTE,
  })
}

/** Which gateway takes the money: the test one charges nothing, and the UI says so. */
export function usePaymentConfig() {
  const api = useApiClient()
  return useQuery({
    queryKey: ['payment-config'],
    queryFn: async ({ signal }) => PaymentConfigSchema.parse((await api.get('stripe/config', { signal })).data),
    staleTime: 10 * MINUTE,
  })
}

/** `GET /api/events/{id}/passes`: exactly the passes that would open the event. */
export function useEventPasses(eventId: number, enabled: boolean) {
  const api = useApiClient()
  return useQuery({
    queryKey: ['event-passes', eventId],
    queryFn: async ({ signal }) =>
      z.array(PackageSchema).parse((await api.get(`events/${eventId}/passes`, { signal })).data),
    enabled,
    staleTime: MINUTE,
  })
}

/** `GET orders` (no_limit=1): every order of the viewer, newest first. */
export function useOrders() {
  const api = useApiClient()
  const userId = useUserId()
  return useQuery({
    queryKey: userQueryKey(userId ?? 0, 'orders'),
    queryFn: async ({ signal }) =>
      z.array(OrderSchema).parse((await api.get('orders', { query: { no_limit: 1 }, signal })).data),
    enabled: userId !== null,
  })
}

/**
 * `GET orders/{id}`, asked every 2 s (spec §4) while the order is `created`, until the provider's
 * answer makes it paid or failed.
 */
export function useOrderUntilSettled(orderId: number | null) {
  const api = useApiClient()
  const userId = useUserId()
  return useQuery({
    queryKey: userQueryKey(userId ?? 0, 'order', String(orderId)),
    queryFn: async ({ signal }): Promise<Order> =>
      OrderSchema.parse((await api.get(`orders/${orderId}`, { signal })).data),
    enabled: orderId !== null && userId !== null,
    refetchInterval: (query) => (query.state.data?.status === 'created' ? constants.orderPollIntervalMs : false),
    staleTime: 0,
  })
}

export function useTransactions() {
  const api = useApiClient()
  const userId = useUserId()
  return useQuery({
    queryKey: userQueryKey(userId ?? 0, 'transactions'),
    queryFn: async ({ signal }) => z.array(TransactionSchema).parse((await api.get('transactions', { signal })).data),
    enabled: userId !== null,
  })
}

/** `GET stripe/list-cards`: the viewer's saved cards. */
export function useCards() {
  const api = useApiClient()
  const userId = useUserId()
  return useQuery({
    queryKey: userQueryKey(userId ?? 0, 'cards'),
    queryFn: async ({ signal }) => z.array(CardSchema).parse((await api.get('stripe/list-cards', { signal })).data),
    enabled: userId !== null,
  })
}

/** `GET apply_coupon`: the price with a code; a refused code rejects with "Wrong promo code". */
export function useApplyCoupon() {
  const api = useApiClient()
  return useMutation({
    mutationFn: async (q: { code: string; id: number; type: 'event' | 'package' | 'subscription' | 'bundle' }) =>
      PriceQuoteSchema.parse((await api.get('apply_coupon', { query: q })).data),
  })
}

export type CheckoutRequest =
  | { call: 'buy'; body: Record<string, unknown> }
  | { call: 'buy_bundle'; body: Record<string, unknown> }
  | { call: 'start_trial'; body: Record<string, unknown> }

const CHECKOUT_PATHS = {
  buy: 'stripe/buy',
  buy_bundle: 'stripe/buy_bundle',
  start_trial: 'stripe/subscription/start_trial',
} as const

/** `POST stripe/buy`, `stripe/buy_bundle` or `stripe/subscription/start_trial`: the order, `created`. */
export function useCheckout() {
  const api = useApiClient()
  return useMutation({
    mutationFn: async (req: CheckoutRequest) =>
      OrderSchema.parse((await api.post(CHECKOUT_PATHS[req.call], req.body)).data),
  })
}

/** After a purchase: what the viewer may watch and holds has changed. */
export function useRefreshAfterPurchase() {
  const client = useQueryClient()
  return () => {
    void client.invalidateQueries({ queryKey: userQueriesRoot })
    void client.invalidateQueries({ queryKey: eventsQueryRoot })
    void client.invalidateQueries({ queryKey: ['vod-media-items'] })
  }
}

/** `POST stripe/unsubscribe`: auto-renewal off; the pass works to the end of its period. */
export function useUnsubscribe() {
  const api = useApiClient()
  const refresh = useRefreshAfterPurchase()
  return useMutation({
    mutationFn: async (orderId: number) =>
      OrderSchema.parse((await api.post('stripe/unsubscribe', { order_id: orderId })).data),
    onSuccess: refresh,
  })
}

/** `GET /stripe/customer-portal`: where Stripe lets the viewer manage cards and invoices. */
export function useCustomerPortal(enabled: boolean) {
  const api = useApiClient()
  const userId = useUserId()
  return useQuery({
    queryKey: userQueryKey(userId ?? 0, 'customer-portal'),
    queryFn: async ({ signal }) =>
      z.object({ url: z.string() }).parse((await api.get('stripe/customer-portal', { signal })).data).url,
    enabled: enabled && userId !== null,
    staleTime: 0,
  })
}
