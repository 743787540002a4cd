import { useTranslation } from 'react-i18next'
import { PageFrame } from '../../components/ui/page-frame'
import { useDocumentTitle } from '../channel/use-document-title'

export function WatchLibraryPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('watch.libraryTitle'))
  return <PageFrame title={t('watch.libraryTitle')} lead={t('watch.libraryLead')} />
}
