import { useEffect } from 'react'
import { pageViews } from '../analytics/data-layer'
import { useSettings } from '../entities/channel/use-settings'
import { formatDocumentTitle } from './document-title'

/** Sets `<page title> · <channel name>` while the calling view is shown (and lets a waiting page_view go). */
export function useDocumentTitle(pageTitle: string | null | undefined) {
  const { name } = useSettings()
  useEffect(() => {
    document.title = formatDocumentTitle(pageTitle, name)
    // A page view waiting for its page's title is sent now (web ecommerce analytics, when on).
    pageViews.pageTitleSet()
  }, [pageTitle, name])
}
