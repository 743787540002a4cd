import { useTranslation } from 'react-i18next'
import { PageFrame } from '../../components/ui/page-frame'
import { useDocumentTitle } from '../channel/use-document-title'

export function VodLibraryPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('vodLibrary.title'))
  return <PageFrame title={t('vodLibrary.title')} lead={t('vodLibrary.lead')} />
}
