import { BASIC_PASS_FIELD, type CustomForm, PASSES_FORM_ALIAS } from '@fieldhouse/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useAppStore } from '../../store/app-store'
import { userQueriesRoot } from '../account/query-keys'
import { customFormQueryKey } from '../account/use-custom-form'
import { eventsQueryRoot } from '../events/query-keys'
import { passesQueryRoot } from './query-keys'

/**
 * After a purchase or a cancelled renewal: what the viewer may watch (events, user access), holds
 * (orders, cards, transactions) and is offered has changed, so all of it is asked again. The watch page
 * then opens at once.
 */
export function useRefreshAfterPurchase() {
  const client = useQueryClient()
  const userId = useAppStore((state) => state.user?.id)
  return useCallback(() => {
    // A paid pass is the basic-pass choice (the server has set the passes form's flag with the order):
    // known at once, so "Start watching" is not sent to /packages while the form is asked again.
    if (userId !== undefined) {
      client.setQueryData<CustomForm>(customFormQueryKey(userId, PASSES_FORM_ALIAS), (form) =>
        form
          ? { ...form, fields: form.fields.map((f) => (f.name === BASIC_PASS_FIELD ? { ...f, value: '1' } : f)) }
          : form,
      )
    }
    void client.invalidateQueries({ queryKey: userQueriesRoot })
    void client.invalidateQueries({ queryKey: eventsQueryRoot })
    void client.invalidateQueries({ queryKey: passesQueryRoot })
    void client.invalidateQueries({ queryKey: ['vod-media-items'] })
  }, [client, userId])
}
