import { useTranslation } from 'react-i18next'
import { PageFrame } from '../../components/ui/page-frame'
import { useDocumentTitle } from '../channel/use-document-title'

export function ProfileEditPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('profile.edit'))
  return <PageFrame title={t('profile.edit')} lead={t('profile.editLead')} />
}
