import { CardSchema } from '@fieldhouse/contract'
import { userQueryKey } from '../account/query-keys'
import { useViewerList } from '../account/use-viewer-list'

/** `GET /api/stripe/list-cards`: the viewer's saved cards (keyed under the user: dropped on sign-in/out). */
export function useCards() {
  return useViewerList((userId) => userQueryKey(userId, 'cards'), 'stripe/list-cards', CardSchema)
}
