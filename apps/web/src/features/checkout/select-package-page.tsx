import { useTranslation } from 'react-i18next'
import { PageFrame } from '../../components/ui/page-frame'
import { useDocumentTitle } from '../channel/use-document-title'

/** `/select-package/{id}`; the router only lets digit ids through. */
export function SelectPackagePage({ packageId: _packageId }: { packageId: number }) {
  const { t } = useTranslation()
  useDocumentTitle(t('buy.selectPackageTitle'))
  return <PageFrame title={t('buy.selectPackageTitle')} lead={t('buy.selectPackageLead')} />
}
