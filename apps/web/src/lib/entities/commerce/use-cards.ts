import { type Card, CardSchema } from '@fieldhouse/contract'
import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { useApiClient } from '../../api/api-context'
import { useAppStore } from '../../store/app-store'
import { userQueryKey } from '../account/query-keys'

/** `GET /api/stripe/list-cards`: the viewer's saved cards (keyed under the user: dropped on sign-in/out). */
export function useCards() {
  const api = useApiClient()
  const userId = useAppStore((state) => state.user?.id ?? null)
  return useQuery({
    queryKey: userQueryKey(userId ?? 0, 'cards'),
    queryFn: async ({ signal }): Promise<Card[]> =>
      z.array(CardSchema).parse((await api.get('stripe/list-cards', { signal })).data),
    enabled: userId !== null,
  })
}
