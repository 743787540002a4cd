import { OrderSchema } from '@fieldhouse/contract'
import { userQueryKey } from './query-keys'
import { useViewerList } from './use-viewer-list'

export const ordersQueryKey = (userId: number) => userQueryKey(userId, 'orders')

/** `GET /api/orders?no_limit=1` (spec §7): every order of the signed-in viewer, newest first. */
export function useOrders() {
  return useViewerList(ordersQueryKey, 'orders', OrderSchema, { query: { no_limit: 1 } })
}
