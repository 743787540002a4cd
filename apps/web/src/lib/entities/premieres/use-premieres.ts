import { dataOf, PremiereListItemSchema } from '@fieldhouse/contract'
import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { useApiClient } from '../../api/api-context'
import { useAppStore } from '../../store/app-store'

const PremieresSchema = dataOf(z.array(PremiereListItemSchema))

/**
 * `GET /api/premieres`: the channel's premieres playing and coming (decision 30). Asked again every
 * fifteen seconds, so one that starts or ends moves between the page's rows.
 */
export function usePremieres() {
  const api = useApiClient()
  const viewerId = useAppStore((state) => state.user?.id ?? null)
  return useQuery({
    queryKey: ['events', 'premieres', { viewer: viewerId }],
    queryFn: async ({ signal }) => PremieresSchema.parse(await api.get('premieres', { signal })).data,
    refetchInterval: 15_000,
  })
}
