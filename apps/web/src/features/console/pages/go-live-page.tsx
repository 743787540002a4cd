import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { allowed } from '../access'
import { useAdminOptions } from '../api/admin-api'
import { useViewersNow } from '../api/use-analytics'
import { useGoLive, useLiveAction, useRevealKey } from '../api/use-console-media'
import { Fact } from '../components/fact'
import { PageHead } from '../components/page-head'
import { HlsPreview } from '../media/hls-preview'
import { useOperator } from '../operator-context'
import { useConsoleText } from '../words'

const dash = '—'
const num = (v: number | null | undefined, unit = '') => (v === null || v === undefined ? dash : `${v}${unit}`)

/** The event a link opened the page on (`?event=12`, the game-day home's Go live), else none. */
const eventOf = (value: string | null) => {
  const id = Number(value)
  return Number.isInteger(id) && id > 0 ? id : null
}

/**
 * Go live: per event the RTMP server and stream key (reveal, copy, rotate with confirmation), the
 * live status panel (polled every 2 s), a preview player and End stream.
 */
export default function GoLivePage() {
  const t = useConsoleText()
  const events = useAdminOptions('events')
  const [search] = useSearchParams()
  const [eventId, setEventId] = useState<number | null>(() => eventOf(search.get('event')))
  const panel = useGoLive(eventId)
  const reveal = useRevealKey(eventId)
  const rotate = useLiveAction(eventId, 'rotate-key')
  const end = useLiveAction(eventId, 'end')
  const [revealed, setRevealed] = useState<string | null>(null)
  const [confirm, setConfirm] = useState<'rotate' | 'end' | null>(null)
  const [copied, setCopied] = useState<string | null>(null)

  const data = panel.data
  const status = data?.status
  // While the event is live, its viewers now come from the analytics (for roles that read them).
  const live = status?.receiving === true || status?.stream_status === 'live'
  const readsAnalytics = allowed(useOperator(), 'read', 'analytics')
  const viewersNow = useViewersNow(eventId, live && readsAnalytics)
  const viewers = status?.viewers ?? viewersNow.data ?? null
  const handleEvent = (value: string) => {
    setEventId(value ? Number(value) : null)
    setRevealed(null)
    setConfirm(null)
    setCopied(null)
  }
  const handleReveal = async () => setRevealed(revealed ? null : await reveal.mutateAsync())
  const handleCopy = async (what: 'server' | 'key') => {
    const text = what === 'server' ? (data?.rtmp_url ?? '') : (revealed ?? (await reveal.mutateAsync()))
    try {
      await navigator.clipboard.writeText(text)
      setCopied(t(what === 'server' ? 'goLive.serverCopied' : 'goLive.keyCopied'))
    } catch {
      setCopied(t('goLive.copyRefused'))
    }
  }
  const handleConfirm = async () => {
    if (confirm === 'rotate') setRevealed((await rotate.mutateAsync()).stream_key)
    if (confirm === 'end') await end.mutateAsync()
    setConfirm(null)
  }
  const error = panel.error ?? reveal.error ?? rotate.error ?? end.error

  return (
    <>
      <PageHead title={t('goLive.title')} lead={t('goLive.lead')} />
      <div className="field console-golive-event">
        <label className="field__label" htmlFor="go-live-event">
          {t('goLive.event')}
        </label>
        <select
          id="go-live-event"
          className="field__input"
          value={eventId ?? ''}
          onChange={(e) => handleEvent(e.target.value)}
        >
          <option value="">{t('goLive.chooseEvent')}</option>
          {(events.data ?? []).map((row) => (
            <option key={row.id} value={String(row.id)}>
              {String(row.name ?? row.id)}
            </option>
          ))}
        </select>
      </div>
      {error ? (
        <p role="alert" className="console-error">
          {error instanceof Error ? error.message : t('goLive.somethingWrong')}
        </p>
      ) : null}
      {data && status ? (
        <div className="console-golive">
          <section aria-labelledby="golive-encoder" className="console-card">
            <h2 id="golive-encoder">{t('goLive.encoder')}</h2>
            <dl className="console-dl">
              <Fact term={t('goLive.server')}>
                <code data-testid="rtmp-url">{data.rtmp_url}</code>
                <button type="button" className="button button--secondary" onClick={() => void handleCopy('server')}>
                  {t('goLive.copyServer')}
                </button>
              </Fact>
              <Fact term={t('goLive.streamKey')}>
                <code data-testid="stream-key">{revealed ?? data.stream_key}</code>
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => void handleReveal()}
                  aria-pressed={revealed !== null}
                >
                  {t(revealed ? 'goLive.hideKey' : 'goLive.revealKey')}
                </button>
                <button type="button" className="button button--secondary" onClick={() => void handleCopy('key')}>
                  {t('goLive.copyKey')}
                </button>
                <button type="button" className="button button--secondary" onClick={() => setConfirm('rotate')}>
                  {t('goLive.rotateKey')}
                </button>
              </Fact>
            </dl>
            <p role="status" aria-live="polite" className="console-note">
              {copied ?? ''}
            </p>
            {confirm ? (
              <div role="alertdialog" aria-labelledby="golive-confirm" className="console-confirm">
                <p id="golive-confirm">{confirm === 'rotate' ? t('goLive.confirmRotate') : t('goLive.confirmEnd')}</p>
                <button
                  type="button"
                  className={`button ${confirm === 'end' ? 'button--danger' : 'button--primary'}`}
                  onClick={() => void handleConfirm()}
                  disabled={rotate.isPending || end.isPending}
                >
                  {t(confirm === 'rotate' ? 'goLive.rotateKey' : 'goLive.endStream')}
                </button>
                <button type="button" className="button button--secondary" onClick={() => setConfirm(null)}>
                  {t('common.cancel')}
                </button>
              </div>
            ) : null}
          </section>
          <section aria-labelledby="golive-status" className="console-card">
            <h2 id="golive-status">{t('goLive.liveStatus')}</h2>
            <p className={`console-live-badge ${status.receiving ? 'is-live' : ''}`} data-testid="live-state">
              {t(
                status.receiving
                  ? 'goLive.receiving'
                  : status.stream_status === 'vod'
                    ? 'goLive.ended'
                    : 'goLive.notReceiving',
              )}
            </p>
            <dl className="console-dl console-dl--grid">
              <Fact term={t('goLive.bitrate')}>{num(status.bitrate_kbps, ' kbps')}</Fact>
              <Fact term={t('goLive.resolution')}>
                {status.width && status.height ? `${status.width}×${status.height}` : dash}
              </Fact>
              <Fact term={t('goLive.frameRate')}>{num(status.fps, ' fps')}</Fact>
              <Fact term={t('goLive.droppedFrames')}>{num(status.dropped_frames)}</Fact>
              <Fact term={t('goLive.viewers')} testId="live-viewers">
                {viewers === null ? t('goLive.notMeasured') : t('goLive.viewersNow', { count: viewers })}
              </Fact>
            </dl>
            {status.receiving || status.stream_status === 'live' ? (
              <button type="button" className="button button--danger" onClick={() => setConfirm('end')}>
                {t('goLive.endStream')}
              </button>
            ) : null}
          </section>
          <section aria-labelledby="golive-preview" className="console-card">
            <h2 id="golive-preview">{t('goLive.preview')}</h2>
            {data.preview ? (
              <HlsPreview src={data.preview.hls} label={t('goLive.previewOf', { name: data.event_name })} />
            ) : (
              <p>{t('goLive.previewLater')}</p>
            )}
          </section>
        </div>
      ) : eventId !== null && panel.isPending ? (
        <p role="status">{t('common.loading')}</p>
      ) : null}
    </>
  )
}
