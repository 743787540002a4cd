import { type Order, OrderSchema } from '@fieldhouse/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useApiClient } from '../../api/api-context'
import { useAppStore } from '../../store/app-store'
import { ordersQueryKey } from './use-orders'

/**
 * `POST /api/stripe/unsubscribe {order_id}`: auto-renewal off; the pass keeps working to the end of the
 * period paid for. The answer replaces the order in the list at once, then the list is asked again.
 */
export function useUnsubscribe() {
  const api = useApiClient()
  const client = useQueryClient()
  const userId = useAppStore((state) => state.user?.id ?? null)
  return useMutation({
    mutationFn: async (orderId: number): Promise<Order> =>
      OrderSchema.parse((await api.post('stripe/unsubscribe', { order_id: orderId })).data),
    onSuccess: (order) => {
      if (userId === null) return
      client.setQueryData<Order[]>(ordersQueryKey(userId), (list) => list?.map((o) => (o.id === order.id ? order : o)))
      void client.invalidateQueries({ queryKey: ordersQueryKey(userId) })
    },
  })
}
