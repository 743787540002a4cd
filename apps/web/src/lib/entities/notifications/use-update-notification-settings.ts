import {
  type NotificationSettings,
  NotificationSettingsSchema,
  type NotificationSettingsUpdate,
} from '@fieldhouse/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useApiClient } from '../../api/api-context'
import { useAppStore } from '../../store/app-store'
import { notificationSettingsKey } from './query-keys'

/**
 * `PATCH /api/notifications/settings` with the fields that change; the answer (the whole settings again)
 * replaces the cached ones. A 422 names the fields it refused (`errors.quiet_end`, `errors.time_zone`…).
 */
export function useUpdateNotificationSettings() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  const userId = useAppStore((state) => state.user?.id ?? 0)
  return useMutation({
    mutationFn: async (update: NotificationSettingsUpdate): Promise<NotificationSettings> =>
      NotificationSettingsSchema.parse(
        (await api.request('PATCH', 'notifications/settings', { body: { ...update } })).data,
      ),
    onSuccess: (settings) => queryClient.setQueryData(notificationSettingsKey(userId), settings),
  })
}
