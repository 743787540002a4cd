import { useTranslation } from 'react-i18next'
import { PageFrame } from '../../components/ui/page-frame'
import { useDocumentTitle } from '../channel/use-document-title'

export function BuyPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('buy.title'))
  return <PageFrame title={t('buy.title')} lead={t('buy.lead')} />
}
