import { userQueryKey } from '../account/query-keys'

/** The viewer's alert settings (`GET /api/notifications/settings`), under `['user', id]`. */
export const notificationSettingsKey = (userId: number) => userQueryKey(userId, 'notifications', 'settings')

/** Whether this browser takes the viewer's push alerts (the browser's subscription, then `GET …/push`). */
export const pushStateKey = (userId: number) => userQueryKey(userId, 'notifications', 'push')
