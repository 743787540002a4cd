import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/ui/button'
import { errorText } from '../../lib/api/error-text'
import { useEventDownload } from '../../lib/entities/playback/use-event-download'
import { useMessageText } from '../../lib/i18n/message-text'
import './download-button.css'

/** Hands the browser the signed MP4: a download where the server names it so, else a plain navigation. */
function startBrowserDownload(url: string, fileName: string | null) {
  const link = document.createElement('a')
  link.href = url
  link.download = fileName ?? ''
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
}

/**
 * Download of a replay (capability `download`): the MP4 is made on request; while the server answers 202
 * its progress shows, asked again every 2 s; once ready the browser goes to the signed URL. Each press is
 * its own query, so an old, expired URL is never reused.
 */
export function DownloadButton({ eventId }: { eventId: number }) {
  const { t } = useTranslation()
  const messageText = useMessageText()
  const [attempt, setAttempt] = useState(0)
  const [handledAttempt, setHandledAttempt] = useState(0)
  const download = useEventDownload(eventId, attempt)
  const data = download.data

  // Leaving for the file is a side effect of the answer, once per press.
  useEffect(() => {
    if (attempt === 0 || handledAttempt === attempt || data?.status !== 'ready' || !data.url) return
    setHandledAttempt(attempt)
    startBrowserDownload(data.url, data.file_name)
  }, [attempt, handledAttempt, data])

  const active = attempt > 0 && handledAttempt !== attempt
  const failed = active && (download.isError || data?.status === 'failed')
  const preparing = active && !failed
  const progress = data?.status === 'processing' ? Math.min(100, Math.max(0, Math.round(data.progress))) : null
  const problem = download.isError ? errorText(download.error) : null

  return (
    <div className="watch-download" data-testid="watch-download">
      <Button
        variant="secondary"
        disabled={preparing}
        aria-busy={preparing || undefined}
        onClick={() => setAttempt((n) => n + 1)}
      >
        {preparing
          ? progress === null
            ? t('watch.downloadPreparing')
            : t('watch.downloadPreparingProgress', { progress })
          : t('watch.download')}
      </Button>
      {preparing && progress !== null ? (
        <span
          className="watch-download__bar"
          role="progressbar"
          aria-label={t('watch.downloadProgress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
        >
          <span style={{ width: `${progress}%` }} />
        </span>
      ) : null}
      <span role="status" className="watch-download__status">
        {failed ? (problem ? messageText(problem) : t('watch.downloadFailed')) : null}
        {attempt > 0 && handledAttempt === attempt ? t('watch.downloadStarted') : null}
      </span>
    </div>
  )
}
