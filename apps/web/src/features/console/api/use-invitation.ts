import {
  InvitationAcceptedSchema,
  type InvitationView,
  InvitationViewSchema,
  ProfileSchema,
} from '@fieldhouse/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useApiClient } from '../../../lib/api/api-context'
import { useSessionActions } from '../../../lib/entities/session/use-session-actions'
import { useAppStore } from '../../../lib/store/app-store'
import { adminQueriesRoot } from './admin-api'

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

/** `POST /api/admin/invitations/{token}/accept`: the role, and a session when the account was made here. */
export function useAccept(token: string) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  const { startSession } = useSessionActions()
  return useMutation({
    mutationFn: async (body: Record<string, unknown>) => {
      const accepted = InvitationAcceptedSchema.parse(
        (await api.post(`admin/invitations/${encodeURIComponent(token)}/accept`, body)).data,
      )
      if (accepted.api_key) {
        // A new account was made here: its session becomes the signed-in viewer.
        useAppStore.getState().setApiKey(accepted.api_key)
        const profile = ProfileSchema.parse((await api.get('profile')).data)
        startSession({ api_key: accepted.api_key, profile })
      }
      await queryClient.invalidateQueries({ queryKey: adminQueriesRoot })
      return accepted
    },
  })
}
