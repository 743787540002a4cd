import { useTranslation } from 'react-i18next'
import { PageFrame } from '../../components/ui/page-frame'
import { useDocumentTitle } from '../channel/use-document-title'

export function ConfirmAccountDeletionPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('auth.confirmAccountDeletionTitle'))
  return <PageFrame title={t('auth.confirmAccountDeletionTitle')} lead={t('auth.confirmAccountDeletionLead')} />
}
