import type { Preroll } from '@fieldhouse/contract'
import { formatPlayerTime, type PrerollRun, type PrerollRunState, runPreroll } from '@fieldhouse/player'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PlayerIcon } from './player-icons'

/**
 * A pre-roll (spec §3/§4): a plain <video> of the public MP4 over the content, labelled "Ad" with the
 * time left, played by the core's `runPreroll` (it cannot be skipped; one that cannot play gives way to
 * the content). Muted with an Unmute button where the browser refuses sound without a press.
 */
export function PrerollPlayer({ preroll, onEnd }: { preroll: Preroll; onEnd: (completed: boolean) => void }) {
  const { t } = useTranslation()
  const videoRef = useRef<HTMLVideoElement>(null)
  const runRef = useRef<PrerollRun | null>(null)
  const [{ left, muted, needsPress }, setRun] = useState<PrerollRunState>({
    left: null,
    muted: false,
    needsPress: false,
  })
  const onEndRef = useRef(onEnd)
  onEndRef.current = onEnd

  useEffect(() => {
    const video = videoRef.current
    if (!video) return
    const run = runPreroll(video, (completed) => onEndRef.current(completed), setRun)
    runRef.current = run
    return () => run.stop()
  }, [])

  return (
    <section className="player-preroll" aria-label={t('player.adRegion')} data-testid="player-preroll">
      {/* biome-ignore lint/a11y/useMediaCaption: an advertiser's clip comes without a captions track */}
      <video ref={videoRef} className="player-preroll__video" src={preroll.url} playsInline preload="auto" />
      <p className="player-preroll__label">
        <span className="player-preroll__badge">{t('player.ad')}</span>
        {left !== null ? <span aria-hidden="true">{formatPlayerTime(Math.ceil(left))}</span> : null}
      </p>
      <p className="visually-hidden" role="status">
        {t('player.adPlaying')}
      </p>
      {muted ? (
        <button
          type="button"
          className="player-button player-preroll__sound"
          onClick={() => runRef.current?.toggleMute()}
        >
          <PlayerIcon name="muted" />
          <span>{t('player.unmute')}</span>
        </button>
      ) : null}
      {needsPress ? (
        <button
          type="button"
          className="player-big-play"
          aria-label={t('player.play')}
          onClick={() => runRef.current?.play()}
        >
          <PlayerIcon name="play" />
        </button>
      ) : null}
    </section>
  )
}
