import { usePassList } from './use-pass-kind'

/** `GET /api/subscriptions?no_limit=1` (spec §7). */
export function useSubscriptions({ enabled = true }: { enabled?: boolean } = {}) {
  return usePassList('subscriptions', { enabled })
}
