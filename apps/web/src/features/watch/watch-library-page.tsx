import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { ItemFailurePage, ItemLoadingPage } from '../../components/ui/item-page'
import { PageFrame } from '../../components/ui/page-frame'
import { useVodItem } from '../../lib/entities/vod/use-vod-item'
import { formatDuration, formatVodDate, vodImage } from '../../lib/entities/vod/vod-display'
import { paths } from '../../lib/navigation/paths'
import { useDocumentTitle } from '../../lib/navigation/use-document-title'
import { ClipTool, useClipMarks } from './clip-tool'
import { selectWatchScreen } from './player/watch-screen'
import { detailPollMs, watchIdOf } from './watch-params'
import { WatchStage } from './watch-stage'
import './watch-page.css'

/**
 * `/watch_library/{id}`: a video of the library (spec §2): the player area, the clip tool (decision 27),
 * then its details.
 */
export function WatchLibraryPage() {
  const { t, i18n } = useTranslation()
  const id = watchIdOf(useParams().id)
  const item = useVodItem(id, { refetchInterval: detailPollMs })
  const clip = useClipMarks()
  useDocumentTitle(item.data?.title ?? t('watch.libraryTitle'))
  if (item.isError || id === null) {
    return (
      <ItemFailurePage
        title={t('watch.libraryTitle')}
        error={item.error}
        missing={id === null}
        missingText={t('watch.videoMissing')}
        failedText={t('watch.videoLoadFailed')}
        onRetry={() => void item.refetch()}
        back={{ to: paths.vodLibrary, label: t('watch.seeLibrary') }}
      />
    )
  }
  if (!item.data) {
    return <ItemLoadingPage title={t('watch.libraryTitle')} lead={t('watch.libraryLead')} />
  }
  const detail = item.data
  const poster = detail.poster ?? vodImage(detail) ?? null
  const screen = selectWatchScreen({ ...detail, poster }, Date.now())
  return (
    <PageFrame
      title={detail.title}
      lead={[
        formatVodDate(detail.date, i18n.language),
        detail.duration === null ? null : formatDuration(detail.duration),
      ]
        .filter(Boolean)
        .join(' · ')}
    >
      <div className="watch-layout">
        <WatchStage
          source={{ kind: 'vod', id }}
          subject={{ ...detail, poster }}
          receivedAt={item.dataUpdatedAt}
          title={detail.title}
          prerollTarget={{ locationId: null, categoryId: null }}
          onRefresh={() => void item.refetch()}
          onPlayer={clip.setPlayer}
        />
        {screen.kind === 'player' ? (
          <ClipTool
            subject={{ kind: 'vod', id }}
            live={false}
            clipTags={detail.clip_tags}
            clipSources={detail.clip_sources}
            clip={clip}
          />
        ) : null}
        {detail.description ? <p className="watch-description">{detail.description}</p> : null}
      </div>
    </PageFrame>
  )
}
