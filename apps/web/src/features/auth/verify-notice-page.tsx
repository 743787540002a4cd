import { useTranslation } from 'react-i18next'
import { PageFrame } from '../../components/ui/page-frame'
import { useDocumentTitle } from '../channel/use-document-title'

export function VerifyNoticePage() {
  const { t } = useTranslation()
  useDocumentTitle(t('auth.verifyNoticeTitle'))
  return <PageFrame title={t('auth.verifyNoticeTitle')} lead={t('auth.verifyNoticeLead')} />
}
