import { useTranslation } from 'react-i18next'
import { PageFrame } from '../../components/ui/page-frame'
import { useDocumentTitle } from '../channel/use-document-title'

export function VerifyEmailPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('auth.verifyEmailTitle'))
  return <PageFrame title={t('auth.verifyEmailTitle')} lead={t('auth.verifyEmailLead')} />
}
