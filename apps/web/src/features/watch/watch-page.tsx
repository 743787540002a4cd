import { useTranslation } from 'react-i18next'
import { PageFrame } from '../../components/ui/page-frame'
import { useDocumentTitle } from '../channel/use-document-title'

export function WatchPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('watch.title'))
  return <PageFrame title={t('watch.title')} lead={t('watch.lead')} />
}
