import type { ComponentProps } from 'react'
import { useTranslation } from 'react-i18next'
import { ItemLoadFailure } from '../../components/ui/load-states'

/** A game that could not be shown: not found (or no game the address can name), or failed to load. */
export function EventLoadFailure(props: Omit<ComponentProps<typeof ItemLoadFailure>, 'missingText' | 'failedText'>) {
  const { t } = useTranslation()
  return <ItemLoadFailure missingText={t('watch.eventMissing')} failedText={t('watch.eventLoadFailed')} {...props} />
}
