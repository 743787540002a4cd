import { useTranslation } from 'react-i18next'
import { PageFrame } from '../../components/ui/page-frame'
import { useDocumentTitle } from '../channel/use-document-title'

export function LoginPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('auth.loginTitle'))
  return <PageFrame title={t('auth.loginTitle')} lead={t('auth.loginLead')} />
}
