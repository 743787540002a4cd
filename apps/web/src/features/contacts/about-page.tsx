import { useTranslation } from 'react-i18next'
import { CmsContent } from '../../components/content/cms-content'
import { PageFrame } from '../../components/ui/page-frame'
import { useSettings } from '../../lib/entities/channel/use-settings'
import { usePageAt } from '../../lib/entities/pages/use-pages'
import { useDocumentTitle } from '../../lib/navigation/use-document-title'

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
