import { useTranslation } from 'react-i18next'
import { PageFrame } from '../../components/ui/page-frame'
import { useDocumentTitle } from '../channel/use-document-title'

export function RegistrationPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('auth.registrationTitle'))
  return <PageFrame title={t('auth.registrationTitle')} lead={t('auth.registrationLead')} />
}
