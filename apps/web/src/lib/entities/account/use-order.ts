import { constants, type Order, OrderSchema } from '@fieldhouse/contract'
import { useQuery } from '@tanstack/react-query'
import { useApiClient } from '../../api/api-context'
import { useAppStore } from '../../store/app-store'
import { userQueryKey } from './query-keys'

/**
 * `GET /api/orders/{id}`, asked every 2 s (spec §4, §9) while the order is `created` — even in a
 * background tab — until the provider's answer makes it paid or failed. Skipped without an id (spec §5).
 */
export function useOrder(orderId: number | null) {
  const api = useApiClient()
  const userId = useAppStore((state) => state.user?.id ?? null)
  return useQuery({
    queryKey: userQueryKey(userId ?? 0, 'order', String(orderId)),
    queryFn: async ({ signal }): Promise<Order> =>
      OrderSchema.parse((await api.get(`orders/${orderId}`, { signal })).data),
    enabled: orderId !== null && userId !== null,
    refetchInterval: (query) => orderPollInterval(query.state.data),
    refetchIntervalInBackground: true,
    staleTime: 0,
  })
}

/**
 * How long until `GET orders/{id}` is asked again: every 2 s (spec §4, §9) while the order is `created`
 * or not known yet (a failed poll is asked again too); never once it is settled.
 */
export const orderPollInterval = (order: Pick<Order, 'status'> | undefined): number | false =>
  order === undefined || order.status === 'created' ? constants.orderPollIntervalMs : false
