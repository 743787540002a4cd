import { type CalendarLink, CalendarLinkSchema } from '@fieldhouse/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useApiClient } from '../../api/api-context'
import { useAppStore } from '../../store/app-store'

const calendarLinkKey = (userId: number) => ['calendar-link', userId] as const

/** `GET /api/calendar/link`: the signed-in viewer's private follows feed, or nulls while they have none. */
export function useCalendarLink() {
  const api = useApiClient()
  const userId = useAppStore((state) => state.user?.id ?? null)
  return useQuery({
    queryKey: calendarLinkKey(userId ?? 0),
    queryFn: async ({ signal }): Promise<CalendarLink> =>
      CalendarLinkSchema.parse((await api.get('calendar/link', { signal })).data),
    enabled: userId !== null,
  })
}

/** `POST /api/calendar/link` makes a new link (the old one stops working); `DELETE` turns it off. */
export function useChangeCalendarLink() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  const userId = useAppStore((state) => state.user?.id ?? 0)
  return useMutation({
    mutationFn: async (change: 'renew' | 'off'): Promise<CalendarLink> =>
      CalendarLinkSchema.parse(
        (change === 'renew' ? await api.post('calendar/link') : await api.delete('calendar/link')).data,
      ),
    onSuccess: (link) => queryClient.setQueryData(calendarLinkKey(userId), link),
  })
}
