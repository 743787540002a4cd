import { type Transaction, TransactionSchema } from '@fieldhouse/contract'
import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { useApiClient } from '../../api/api-context'
import { useAppStore } from '../../store/app-store'
import { userQueryKey } from './query-keys'

/** `GET /api/transactions`: every payment — New subscription, Subscription Renewal, Purchase (spec §4). */
export function useTransactions() {
  const api = useApiClient()
  const userId = useAppStore((state) => state.user?.id ?? null)
  return useQuery({
    queryKey: userQueryKey(userId ?? 0, 'transactions'),
    queryFn: async ({ signal }): Promise<Transaction[]> =>
      z.array(TransactionSchema).parse((await api.get('transactions', { signal })).data),
    enabled: userId !== null,
  })
}
