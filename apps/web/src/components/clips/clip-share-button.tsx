import { type Clip, ToastType } from '@fieldhouse/contract'
import { useTranslation } from 'react-i18next'
import { useToastStore } from '../../lib/notify/toast-store'
import { Button } from '../ui/button'
import { copyText, useShareUrl } from './clip-share'

/**
 * "Copy share link" of a ready clip: copies `/share/{id}/{uuid}` and says so; where the browser
 * refuses the clipboard, the toast shows the link to copy by hand (and stays).
 */
export function ClipShareButton({ clip, testId }: { clip: Pick<Clip, 'id' | 'uuid' | 'name'>; testId: string }) {
  const { t } = useTranslation()
  const showToast = useToastStore((state) => state.show)
  const link = useShareUrl(clip)
  const handleShare = async () => {
    const copied = await copyText(link)
    showToast(
      copied
        ? { text: t('clips.linkCopied'), type: ToastType.success }
        : { text: t('clips.linkCopyFailed', { url: link }), type: ToastType.info, time: 0 },
    )
  }
  return (
    <Button
      variant="secondary"
      data-testid={testId}
      aria-label={t('clips.shareNamed', { name: clip.name })}
      onClick={() => void handleShare()}
    >
      {t('clips.share')}
    </Button>
  )
}
