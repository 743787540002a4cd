import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { LoadError, LoadingStatus } from '../../components/ui/load-states'
import { PageFrame } from '../../components/ui/page-frame'
import { useDocumentTitle } from '../channel/use-document-title'
import { useVodItem } from '../vod/api/use-vod-item'
import { formatDuration, formatVodDate, vodImage } from '../vod/vod-display'
import './watch-page.css'

const idOf = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : null)

/** `/watch_library/{id}`: a video of the library (spec §2), its picture and details; the player comes later. */
export function WatchLibraryPage() {
  const { t, i18n } = useTranslation()
  const id = idOf(useParams().id)
  const item = useVodItem(id)
  useDocumentTitle(item.data?.title ?? t('watch.libraryTitle'))
  if (item.isError || id === null) {
    return (
      <PageFrame title={t('watch.libraryTitle')}>
        <LoadError onRetry={() => void item.refetch()}>{t('watch.videoMissing')}</LoadError>
      </PageFrame>
    )
  }
  if (!item.data) {
    return (
      <PageFrame title={t('watch.libraryTitle')} lead={t('watch.libraryLead')}>
        <LoadingStatus />
      </PageFrame>
    )
  }
  const image = vodImage(item.data)
  return (
    <PageFrame
      title={item.data.title}
      lead={`${formatVodDate(item.data.date, i18n.language)} · ${formatDuration(item.data.duration)}`}
    >
      <div className="watch-library">
        {image ? <img className="watch-poster" src={image} alt="" /> : null}
        {item.data.description ? <p className="watch-description">{item.data.description}</p> : null}
      </div>
    </PageFrame>
  )
}
