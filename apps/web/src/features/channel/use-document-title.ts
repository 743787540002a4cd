import { useEffect } from 'react'
import { formatDocumentTitle } from '../../lib/navigation/document-title'
import { useSettings } from './api/use-settings'

/** Sets `<page title> · <channel name>` while the calling view is shown. */
export function useDocumentTitle(pageTitle: string | null | undefined) {
  const { name } = useSettings()
  useEffect(() => {
    document.title = formatDocumentTitle(pageTitle, name)
  }, [pageTitle, name])
}
