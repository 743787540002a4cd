import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { useApiClient } from '../../api/api-context'
import { useAppStore } from '../../store/app-store'
import { notificationSettingsKey } from './query-keys'

/** What the unsubscribe link answers. */
const UnsubscribedSchema = z.object({ email: z.literal(false) })

/**
 * `POST /api/alerts/unsubscribe/{token}`: the mailed link's token turns that viewer's alert emails off,
 * signed in or not (404: a token that does not read). The token names the viewer, so no key is sent:
 * the call neither needs one nor should recover one. A signed-in viewer's settings are asked again after.
 */
export function useUnsubscribeAlerts() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  const userId = useAppStore((state) => state.user?.id ?? null)
  return useMutation({
    mutationFn: async (token: string) =>
      UnsubscribedSchema.parse(
        (
          await api.post(`alerts/unsubscribe/${encodeURIComponent(token)}`, undefined, {
            sendKeys: false,
            recover: false,
            expectedStatuses: [404],
          })
        ).data,
      ),
    onSuccess: () => {
      if (userId !== null) void queryClient.invalidateQueries({ queryKey: notificationSettingsKey(userId) })
    },
  })
}
