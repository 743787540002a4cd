import { useTranslation } from 'react-i18next'
import { PageFrame } from '../../components/ui/page-frame'
import { useDocumentTitle } from '../channel/use-document-title'

export function MomentsPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('moments.title'))
  return <PageFrame title={t('moments.title')} lead={t('moments.lead')} />
}
