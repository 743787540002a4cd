import type { PageSummary } from '@fieldhouse/contract'
import { useEffect } from 'react'
import { CmsContent } from '../../components/content/cms-content'
import { PageFrame } from '../../components/ui/page-frame'
import { useDocumentTitle } from '../../lib/navigation/use-document-title'

/** Spec §2: a CMS page at its own url, titled by its name. */
export function CmsPage({ page }: { page: PageSummary }) {
  useDocumentTitle(page.name)

  // Spec §2: a CMS page always opens at its top, even when reached by the back button. Two CMS pages
  // share this component instance when the viewer goes from one to the other, hence the page id.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect is keyed on the page, not on its values
  useEffect(() => {
    window.scrollTo(0, 0)
  }, [page.id])

  return (
    <PageFrame title={page.name}>
      <CmsContent pageId={page.id} />
    </PageFrame>
  )
}
