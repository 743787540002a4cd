import { useTranslation } from 'react-i18next'
import { PageFrame } from '../../components/ui/page-frame'
import { useDocumentTitle } from '../channel/use-document-title'

export function PasswordResetPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('auth.passwordResetTitle'))
  return <PageFrame title={t('auth.passwordResetTitle')} lead={t('auth.passwordResetLead')} />
}
