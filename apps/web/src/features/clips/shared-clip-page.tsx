import { useTranslation } from 'react-i18next'
import { PageFrame } from '../../components/ui/page-frame'
import { useDocumentTitle } from '../channel/use-document-title'

export function SharedClipPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('share.title'))
  return <PageFrame title={t('share.title')} lead={t('share.lead')} />
}
