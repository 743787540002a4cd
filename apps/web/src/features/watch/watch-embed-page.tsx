import { useTranslation } from 'react-i18next'
import { useDocumentTitle } from '../channel/use-document-title'
import './watch-embed-page.css'

/** The player alone, for other sites to embed: no header, no footer, the whole frame is the stage. */
export function WatchEmbedPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('watch.title'))
  return (
    <div className="watch-embed">
      <h1 className="visually-hidden">{t('watch.title')}</h1>
      <div className="watch-embed__stage">
        <p className="watch-embed__note">{t('watch.embedLead')}</p>
      </div>
    </div>
  )
}
