import { type InvitationView, InvitationViewSchema } from '@fieldhouse/contract'
import { useQuery } from '@tanstack/react-query'
import { useApiClient } from '../../../lib/api/api-context'

/** `GET /api/admin/invitations/{token}`: whom an invitation is for, before anyone is signed in. */
export function useInvitation(token: string) {
  const api = useApiClient()
  return useQuery({
    queryKey: ['admin-invitation', token] as const,
    retry: false,
    queryFn: async ({ signal }): Promise<InvitationView> =>
      InvitationViewSchema.parse((await api.get(`admin/invitations/${encodeURIComponent(token)}`, { signal })).data),
  })
}
