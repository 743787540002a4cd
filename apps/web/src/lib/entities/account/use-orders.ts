import { type Order, OrderSchema } from '@fieldhouse/contract'
import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { useApiClient } from '../../api/api-context'
import { useAppStore } from '../../store/app-store'
import { userQueryKey } from './query-keys'

export const ordersQueryKey = (userId: number) => userQueryKey(userId, 'orders')

/** `GET /api/orders?no_limit=1` (spec §7): every order of the signed-in viewer, newest first. */
export function useOrders() {
  const api = useApiClient()
  const userId = useAppStore((state) => state.user?.id ?? null)
  return useQuery({
    queryKey: ordersQueryKey(userId ?? 0),
    queryFn: async ({ signal }): Promise<Order[]> =>
      z.array(OrderSchema).parse((await api.get('orders', { query: { no_limit: 1 }, signal })).data),
    enabled: userId !== null,
  })
}
