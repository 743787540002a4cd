import { useTranslation } from 'react-i18next'
import { PageFrame } from '../../components/ui/page-frame'
import { useSettings } from '../channel/api/use-settings'
import { useDocumentTitle } from '../channel/use-document-title'
import { usePageAt } from '../pages/api/use-pages'
import { CmsContent } from '../pages/cms-content'

export function AboutPage() {
  const { t } = useTranslation()
  const { name } = useSettings()
  const page = usePageAt('/about')
  const title = page?.name ?? t('about.title')
  useDocumentTitle(title)

  return (
    <PageFrame title={title} lead={page ? undefined : t('about.lead', { name })}>
      {page ? <CmsContent pageId={page.id} /> : null}
    </PageFrame>
  )
}
