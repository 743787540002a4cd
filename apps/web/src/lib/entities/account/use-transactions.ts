import { TransactionSchema } from '@fieldhouse/contract'
import { userQueryKey } from './query-keys'
import { useViewerList } from './use-viewer-list'

/** `GET /api/transactions`: every payment — New subscription, Subscription Renewal, Purchase (spec §4). */
export function useTransactions() {
  return useViewerList((userId) => userQueryKey(userId, 'transactions'), 'transactions', TransactionSchema)
}
