import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { useAccountStreams, useStopStream } from '../../../lib/entities/streams/use-account-streams'
import './other-streams.css'

/**
 * The account's other devices playing now (decision 0031), by device and start time, each with a button
 * that stops it; once one stops, `onStopped` asks for the video again. With none left to list (they
 * lapsed meanwhile), one button tries again.
 */
export function OtherStreams({ onStopped }: { onStopped: () => void }) {
  const { t, i18n } = useTranslation()
  const streams = useAccountStreams()
  const stop = useStopStream()
  const timeOf = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { weekday: 'short', hour: 'numeric', minute: '2-digit' }).format(
      new Date(iso),
    )
  if (streams.isPending) return <p role="status">{t('watch.streamsLoading')}</p>
  const others = streams.data?.filter((s) => !s.current) ?? []
  if (others.length === 0) {
    return (
      <Button onClick={onStopped} data-testid="streams-watch-here">
        {t('watch.streamWatchHere')}
      </Button>
    )
  }
  return (
    <div className="other-streams">
      <ul className="other-streams__list" aria-label={t('watch.streamsListLabel')} data-testid="streams-list">
        {others.map((s) => {
          const time = timeOf(s.started_at)
          return (
            <li key={s.id} className="other-streams__item">
              <span className="other-streams__device">{s.device}</span>
              <span className="other-streams__when">{t('watch.streamsStarted', { time })}</span>
              <Button
                variant="secondary"
                className="other-streams__stop"
                aria-label={t('watch.streamsStopLabel', { device: s.device, time })}
                disabled={stop.isPending}
                onClick={() => stop.mutate(s.id, { onSuccess: onStopped })}
              >
                {t('watch.streamsStop')}
              </Button>
            </li>
          )
        })}
      </ul>
      {stop.isError ? <p role="alert">{t('watch.streamsStopFailed')}</p> : null}
    </div>
  )
}
