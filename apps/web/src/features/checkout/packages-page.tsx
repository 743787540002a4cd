import { useTranslation } from 'react-i18next'
import { PageFrame } from '../../components/ui/page-frame'
import { BasicPassOffer } from '../account/basic-pass-offer'
import { useDocumentTitle } from '../channel/use-document-title'

export function PackagesPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('packages.title'))
  return (
    <PageFrame title={t('packages.title')} lead={t('packages.lead')}>
      <BasicPassOffer />
    </PageFrame>
  )
}
