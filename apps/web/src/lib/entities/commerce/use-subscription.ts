import { usePassOfKind } from './use-pass-kind'

/** `GET /api/subscriptions/{id}`: one subscription (404 "Pass not found"). */
export function useSubscription(id: number | null) {
  return usePassOfKind('subscriptions', id)
}
