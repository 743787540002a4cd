import { type NotificationSettings, NotificationSettingsSchema } from '@fieldhouse/contract'
import { useQuery } from '@tanstack/react-query'
import { useApiClient } from '../../api/api-context'
import { useAppStore } from '../../store/app-store'
import { notificationSettingsKey } from './query-keys'

/** `GET /api/notifications/settings`: the signed-in viewer's alert settings, with their follows. */
export function useNotificationSettings() {
  const api = useApiClient()
  const userId = useAppStore((state) => state.user?.id ?? null)
  return useQuery({
    queryKey: notificationSettingsKey(userId ?? 0),
    queryFn: async ({ signal }): Promise<NotificationSettings> =>
      NotificationSettingsSchema.parse((await api.get('notifications/settings', { signal })).data),
    enabled: userId !== null,
  })
}
