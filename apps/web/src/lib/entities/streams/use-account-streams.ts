import { AccountStreamSchema } from '@fieldhouse/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { useApiClient } from '../../api/api-context'
import { useAppStore } from '../../store/app-store'

const streamsKey = (viewerId: number | null) => ['streams', { viewer: viewerId }] as const

/** `GET /api/streams`: where the account is watching now, oldest first. Always asked afresh. */
export function useAccountStreams() {
  const api = useApiClient()
  const viewerId = useAppStore((state) => state.user?.id ?? null)
  return useQuery({
    queryKey: streamsKey(viewerId),
    queryFn: async ({ signal }) => z.array(AccountStreamSchema).parse((await api.get('streams', { signal })).data),
    staleTime: 0,
    gcTime: 0,
    enabled: viewerId !== null,
  })
}

/** `DELETE /api/streams/{id}`: stops one of the account's streams (that device's next renewal is refused). */
export function useStopStream() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  const viewerId = useAppStore((state) => state.user?.id ?? null)
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`streams/${id}`)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: streamsKey(viewerId) }),
  })
}
