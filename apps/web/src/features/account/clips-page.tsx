import { type Clip, formatClipTime, ToastType } from '@fieldhouse/contract'
import { useTranslation } from 'react-i18next'
import { ClipInlinePlayer, ClipStatusBadge } from '../../components/clips/clip-inline-player'
import { clipOfName } from '../../components/clips/clip-share'
import { ClipShareButton } from '../../components/clips/clip-share-button'
import { ClipTags } from '../../components/clips/public-clip-card'
import { Button, ButtonLink } from '../../components/ui/button'
import { EmptyState, QueryStates } from '../../components/ui/load-states'
import { errorText } from '../../lib/api/error-text'
import { useUserAccess } from '../../lib/entities/account/use-user-access'
import { useDeleteClip, useDownloadClip, useRetryClip } from '../../lib/entities/clips/use-clip-actions'
import { useMyClips } from '../../lib/entities/clips/use-my-clips'
import { useMessageText } from '../../lib/i18n/message-text'
import { paths } from '../../lib/navigation/paths'
import { useDocumentTitle } from '../../lib/navigation/use-document-title'
import { usePopupStore } from '../../lib/notify/popup-store'
import { useToastStore } from '../../lib/notify/toast-store'
import { ProfileSection } from './profile-section'
import '../../components/clips/clips.css'

/**
 * Profile → Clips (spec §2): the viewer's clips with their state (asked again while one is being made);
 * a ready one plays in place, downloads (with `download_clip`) and shares; a failed one can be tried
 * again; any can be deleted, after a confirmation.
 */
export function ClipsPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('profile.clips'))
  const clips = useMyClips()
  const access = useUserAccess()
  const canDownload = access.data?.capabilities.download_clip === true
  return (
    <ProfileSection titleId="clips-title" title={t('profile.clips')} lead={t('profile.clipsLead')}>
      <QueryStates query={clips} />
      {clips.data && clips.data.length === 0 ? (
        <EmptyState
          action={
            <ButtonLink to={paths.schedule} variant="secondary">
              {t('clips.findGame')}
            </ButtonLink>
          }
        >
          {t('clips.none')}
        </EmptyState>
      ) : null}
      {clips.data && clips.data.length > 0 ? (
        <ul className="clip-grid" data-testid="my-clips">
          {clips.data.map((clip) => (
            <MyClip key={clip.id} clip={clip} canDownload={canDownload} />
          ))}
        </ul>
      ) : null}
    </ProfileSection>
  )
}

function MyClip({ clip, canDownload }: { clip: Clip; canDownload: boolean }) {
  const { t, i18n } = useTranslation()
  const messageText = useMessageText()
  const showToast = useToastStore((state) => state.show)
  const openPopup = usePopupStore((state) => state.open)
  const remove = useDeleteClip()
  const retry = useRetryClip()
  const download = useDownloadClip()
  const ready = clip.status === 'ready'

  const problem = (error: unknown) => {
    const text = errorText(error)
    if (text) showToast({ text: messageText(text), type: ToastType.error })
  }

  const handleDelete = () =>
    openPopup({
      title: t('clips.deleteTitle'),
      component: () => <p>{t('clips.deleteConfirm', { name: clip.name })}</p>,
      ok: () =>
        remove.mutateAsync(clip.id).then(() => {
          showToast({ text: t('clips.deleted') })
        }, problem),
      cancel: () => {},
    })

  return (
    <li className="clip-card" data-testid="my-clip" data-clip-id={clip.id} data-status={clip.status}>
      {ready ? (
        <ClipInlinePlayer clip={clip} />
      ) : (
        <div className="clip-frame clip-frame--waiting">
          <span className="clip-frame__center">{t(`clips.statusLead.${clip.status}`)}</span>
        </div>
      )}
      <div className="clip-card__body">
        <div className="clip-card__head">
          <h3 className="clip-card__name">{clip.name}</h3>
          <ClipStatusBadge status={clip.status} />
        </div>
        <p className="clip-card__meta">
          {[
            clipOfName(clip),
            `${formatClipTime(clip.start_time)} · ${t('clips.seconds', { count: Math.round(clip.duration) })}`,
            new Date(clip.created_at).toLocaleDateString(i18n.language, { dateStyle: 'medium' }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        <ClipTags tags={clip.tags} />
        {clip.status === 'failed' && clip.failure_reason ? (
          <p className="clip-card__reason">{clip.failure_reason}</p>
        ) : null}
        <div className="clip-card__actions">
          {ready && canDownload ? (
            <Button
              variant="secondary"
              disabled={download.isPending}
              data-testid="clip-download"
              aria-label={t('clips.downloadNamed', { name: clip.name })}
              onClick={() => download.mutate(clip.id, { onError: problem })}
            >
              {t('clips.download')}
            </Button>
          ) : null}
          {ready ? <ClipShareButton clip={clip} testId="clip-share" /> : null}
          {ready ? (
            <ButtonLink to={paths.share(clip.id, clip.uuid)} variant="ghost" data-testid="clip-open">
              {t('clips.openShare')}
            </ButtonLink>
          ) : null}
          {clip.status === 'failed' ? (
            <Button
              variant="secondary"
              disabled={retry.isPending}
              data-testid="clip-retry"
              onClick={() => retry.mutate(clip.id, { onError: problem })}
            >
              {t('clips.retry')}
            </Button>
          ) : null}
          <Button
            variant="ghost"
            data-testid="clip-delete"
            aria-label={t('clips.deleteNamed', { name: clip.name })}
            onClick={handleDelete}
          >
            {t('clips.delete')}
          </Button>
        </div>
      </div>
    </li>
  )
}
