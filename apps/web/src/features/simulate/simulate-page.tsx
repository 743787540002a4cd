import { useTranslation } from 'react-i18next'
import { EventsRail } from '../../components/events/events-rail'
import { EmptyState } from '../../components/ui/load-states'
import { PageFrame } from '../../components/ui/page-frame'
import { usePremieres } from '../../lib/entities/premieres/use-premieres'
import { useDocumentTitle } from '../../lib/navigation/use-document-title'

/**
 * `/simulate` (view `simulate`): the channel's premieres — replays shown as live from a start time
 * (decision 30) — playing now, then coming. Each card opens the watch page, where it plays as live.
 */
export function SimulatePage() {
  const { t } = useTranslation()
  useDocumentTitle(t('simulate.title'))
  const premieres = usePremieres()
  const retry = () => void premieres.refetch()
  const of = (status: 'live' | 'upcoming') => premieres.data?.filter((p) => p.status === status).map((p) => p.event)
  const common = { isPending: premieres.isPending, isError: premieres.isError, onRetry: retry }
  return (
    <PageFrame title={t('simulate.title')} lead={t('simulate.lead')}>
      <EventsRail
        live
        title={t('simulate.playing')}
        events={of('live')}
        empty={<EmptyState>{t('simulate.nonePlaying')}</EmptyState>}
        {...common}
      />
      <EventsRail
        title={t('simulate.coming')}
        events={of('upcoming')}
        empty={<EmptyState>{t('simulate.noneComing')}</EmptyState>}
        {...common}
      />
    </PageFrame>
  )
}
