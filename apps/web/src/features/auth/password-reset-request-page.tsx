import { useTranslation } from 'react-i18next'
import { PageFrame } from '../../components/ui/page-frame'
import { useDocumentTitle } from '../channel/use-document-title'

export function PasswordResetRequestPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('auth.passwordResetRequestTitle'))
  return <PageFrame title={t('auth.passwordResetRequestTitle')} lead={t('auth.passwordResetRequestLead')} />
}
