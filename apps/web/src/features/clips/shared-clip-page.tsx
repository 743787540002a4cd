import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { clipOfName } from '../../components/clips/clip-share'
import { ClipVideo } from '../../components/clips/clip-video'
import { ClipTags } from '../../components/clips/public-clip-card'
import { ButtonLink } from '../../components/ui/button'
import { ItemFailurePage, ItemLoadingPage } from '../../components/ui/item-page'
import { EmptyState } from '../../components/ui/load-states'
import { PageFrame } from '../../components/ui/page-frame'
import { httpStatus } from '../../lib/api/error-text'
import { useSharedClip } from '../../lib/entities/clips/use-shared-clip'
import { paths } from '../../lib/navigation/paths'
import { useDocumentTitle } from '../../lib/navigation/use-document-title'
import '../../components/clips/clips.css'

const idOf = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : null)

/**
 * `/share/{id}/{uuid}` (spec §2): the clip plays for anyone who has the link, signed in or not, with
 * its name, game and tags and a way to the channel. A wrong or deleted link says so plainly. A clip of
 * a paid game that the channel does not share publicly asks to sign in, or shows the way to the passes.
 */
export function SharedClipPage() {
  const { t } = useTranslation()
  const params = useParams()
  const id = idOf(params.id)
  const uuid = params.uuid ?? null
  const clip = useSharedClip(id, uuid)
  useDocumentTitle(clip.data?.name ?? t('share.title'))
  const toChannel = (
    <ButtonLink to={paths.home} variant="secondary">
      {t('share.toChannel', { name: clip.data?.channel_name ?? '' }).trim()}
    </ButtonLink>
  )
  const refused = httpStatus(clip.error)
  if (refused === 401 || refused === 403) {
    return (
      <PageFrame title={t('share.title')}>
        <EmptyState
          action={
            <ButtonLink to={refused === 401 ? paths.login : paths.packages} variant="secondary">
              {refused === 401 ? t('header.signIn') : t('clips.seePasses')}
            </ButtonLink>
          }
        >
          {refused === 401 ? t('share.signInToPlay') : t('share.noAccessToPlay')}
        </EmptyState>
      </PageFrame>
    )
  }
  if (id === null || uuid === null || clip.isError) {
    return (
      <ItemFailurePage
        title={t('share.title')}
        error={clip.error}
        missing={id === null || uuid === null}
        missingText={t('share.missing')}
        failedText={t('share.loadFailed')}
        onRetry={() => void clip.refetch()}
        back={{ to: paths.moments, label: t('share.seeMoments') }}
      />
    )
  }
  if (!clip.data) {
    return <ItemLoadingPage title={t('share.title')} lead={t('share.lead')} />
  }
  const data = clip.data
  const playable = data.status === 'ready' && (data.mp4 || data.hls)
  return (
    <PageFrame title={data.name} lead={clipOfName(data) ?? undefined}>
      <div className="shared-clip" data-testid="shared-clip">
        {playable ? (
          <div className="clip-frame">
            <ClipVideo clip={data} />
          </div>
        ) : (
          <div className="clip-frame clip-frame--waiting" data-testid="shared-clip-waiting">
            <span className="clip-frame__center">{t(`clips.statusLead.${data.status}`)}</span>
          </div>
        )}
        <div className="shared-clip__about">
          <ClipTags tags={data.tags} />
          <p className="shared-clip__from">{t('share.from', { name: data.channel_name })}</p>
          <div className="clip-tool__actions">
            {toChannel}
            {data.event_id !== null ? (
              <ButtonLink to={paths.watch(data.event_id)} variant="ghost">
                {t('share.watchGame')}
              </ButtonLink>
            ) : data.vod_media_item_id !== null ? (
              <ButtonLink to={paths.watchLibrary(data.vod_media_item_id)} variant="ghost">
                {t('share.watchVideo')}
              </ButtonLink>
            ) : null}
            <ButtonLink to={paths.moments} variant="ghost">
              {t('share.seeMoments')}
            </ButtonLink>
          </div>
        </div>
      </div>
    </PageFrame>
  )
}
