import { useTranslation } from 'react-i18next'
import { PageFrame } from '../../components/ui/page-frame'
import { useDocumentTitle } from '../channel/use-document-title'

export function SimulatePage() {
  const { t } = useTranslation()
  useDocumentTitle(t('simulate.title'))
  return <PageFrame title={t('simulate.title')} lead={t('simulate.lead')} />
}
