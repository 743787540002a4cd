import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { userQueriesRoot } from '../../account/api/query-keys'
import { eventsQueryRoot } from '../../events/api/query-keys'
import { passesQueryRoot } from './query-keys'

/**
 * After a purchase or a cancelled renewal: what the viewer may watch (events, user access), holds
 * (orders, cards, transactions) and is offered has changed, so all of it is asked again. The watch page
 * then opens at once.
 */
export function useRefreshAfterPurchase() {
  const client = useQueryClient()
  return useCallback(() => {
    void client.invalidateQueries({ queryKey: userQueriesRoot })
    void client.invalidateQueries({ queryKey: eventsQueryRoot })
    void client.invalidateQueries({ queryKey: passesQueryRoot })
    void client.invalidateQueries({ queryKey: ['vod-media-items'] })
  }, [client])
}
