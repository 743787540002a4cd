import { useState } from 'react'
import { allowed } from '../access'
import { useAdminOptions } from '../api/admin-api'
import { useGoLive, useLiveAction, useRevealKey, useViewersNow } from '../api/use-console-media'
import { HlsPreview } from '../media/hls-preview'
import { useOperator } from '../operator-context'

const dash = '—'
const num = (v: number | null | undefined, unit = '') => (v === null || v === undefined ? dash : `${v}${unit}`)

/**
 * Go live: per event the RTMP server and stream key (reveal, copy, rotate with confirmation), the
 * live status panel (polled every 2 s), a preview player and End stream.
 */
export default function GoLivePage() {
  const events = useAdminOptions('events')
  const [eventId, setEventId] = useState<number | null>(null)
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
      setCopied(what === 'server' ? 'Server copied' : 'Stream key copied')
    } catch {
      setCopied('Copying was refused by the browser: reveal the key and copy it by hand.')
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
      <h1>Go live</h1>
      <p className="console-lead">
        Stream an event from OBS or any RTMP encoder: x264, keyframes every 2 s, AAC at 48 kHz.
      </p>
      <div className="field console-golive-event">
        <label className="field__label" htmlFor="go-live-event">
          Event
        </label>
        <select
          id="go-live-event"
          className="field__input"
          value={eventId ?? ''}
          onChange={(e) => handleEvent(e.target.value)}
        >
          <option value="">Choose an event</option>
          {(events.data ?? []).map((row) => (
            <option key={row.id} value={String(row.id)}>
              {String(row.name ?? row.id)}
            </option>
          ))}
        </select>
      </div>
      {error ? (
        <p role="alert" className="console-error">
          {error instanceof Error ? error.message : 'Something went wrong'}
        </p>
      ) : null}
      {data && status ? (
        <div className="console-golive">
          <section aria-labelledby="golive-encoder" className="console-card">
            <h2 id="golive-encoder">Encoder settings</h2>
            <dl className="console-dl">
              <div>
                <dt>Server</dt>
                <dd>
                  <code data-testid="rtmp-url">{data.rtmp_url}</code>
                  <button type="button" className="button button--secondary" onClick={() => void handleCopy('server')}>
                    Copy server
                  </button>
                </dd>
              </div>
              <div>
                <dt>Stream key</dt>
                <dd>
                  <code data-testid="stream-key">{revealed ?? data.stream_key}</code>
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => void handleReveal()}
                    aria-pressed={revealed !== null}
                  >
                    {revealed ? 'Hide key' : 'Reveal key'}
                  </button>
                  <button type="button" className="button button--secondary" onClick={() => void handleCopy('key')}>
                    Copy key
                  </button>
                  <button type="button" className="button button--secondary" onClick={() => setConfirm('rotate')}>
                    Rotate key
                  </button>
                </dd>
              </div>
            </dl>
            <p role="status" aria-live="polite" className="console-note">
              {copied ?? ''}
            </p>
            {confirm ? (
              <div role="alertdialog" aria-labelledby="golive-confirm" className="console-confirm">
                <p id="golive-confirm">
                  {confirm === 'rotate'
                    ? 'Rotate the stream key? The old key stops working for new publishes; update your encoder.'
                    : 'End the stream? The encoder is disconnected and the recording becomes the replay.'}
                </p>
                <button
                  type="button"
                  className={`button ${confirm === 'end' ? 'button--danger' : 'button--primary'}`}
                  onClick={() => void handleConfirm()}
                  disabled={rotate.isPending || end.isPending}
                >
                  {confirm === 'rotate' ? 'Rotate key' : 'End stream'}
                </button>
                <button type="button" className="button button--secondary" onClick={() => setConfirm(null)}>
                  Cancel
                </button>
              </div>
            ) : null}
          </section>
          <section aria-labelledby="golive-status" className="console-card">
            <h2 id="golive-status">Live status</h2>
            <p className={`console-live-badge ${status.receiving ? 'is-live' : ''}`} data-testid="live-state">
              {status.receiving ? 'Receiving' : status.stream_status === 'vod' ? 'Ended' : 'Not receiving'}
            </p>
            <dl className="console-dl console-dl--grid">
              <div>
                <dt>Bitrate</dt>
                <dd>{num(status.bitrate_kbps, ' kbps')}</dd>
              </div>
              <div>
                <dt>Resolution</dt>
                <dd>{status.width && status.height ? `${status.width}×${status.height}` : dash}</dd>
              </div>
              <div>
                <dt>Frame rate</dt>
                <dd>{num(status.fps, ' fps')}</dd>
              </div>
              <div>
                <dt>Dropped frames</dt>
                <dd>{num(status.dropped_frames)}</dd>
              </div>
              <div>
                <dt>Viewers</dt>
                <dd data-testid="live-viewers">{viewers === null ? 'Not measured yet' : `${viewers} now`}</dd>
              </div>
            </dl>
            {status.receiving || status.stream_status === 'live' ? (
              <button type="button" className="button button--danger" onClick={() => setConfirm('end')}>
                End stream
              </button>
            ) : null}
          </section>
          <section aria-labelledby="golive-preview" className="console-card">
            <h2 id="golive-preview">Preview</h2>
            {data.preview ? (
              <HlsPreview src={data.preview.hls} label={`Preview of ${data.event_name}`} />
            ) : (
              <p>The preview appears once the encoder is publishing.</p>
            )}
          </section>
        </div>
      ) : eventId !== null && panel.isPending ? (
        <p role="status">Loading…</p>
      ) : null}
    </>
  )
}
