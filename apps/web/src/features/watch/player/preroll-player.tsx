import type { Preroll } from '@fieldhouse/contract'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PlayerIcon } from './player-icons'
import { formatPlayerTime } from './player-time'

/** A pre-roll that shows no progress for this long (stalled, or its server gone) gives way to the content. */
export const PREROLL_STALL_MS = 15_000

/**
 * A pre-roll (spec §3/§4): a plain <video> of the public MP4 over the content, labelled "Ad" with the
 * time left. It cannot be skipped: the content starts when it ends. If it cannot play (an error, or no
 * progress for 15 s) the content starts anyway, and `onEnd(false)` says it was not seen through.
 * Browsers that refuse to start it with sound start it muted, with an Unmute button.
 */
export function PrerollPlayer({ preroll, onEnd }: { preroll: Preroll; onEnd: (completed: boolean) => void }) {
  const { t } = useTranslation()
  const videoRef = useRef<HTMLVideoElement>(null)
  const [left, setLeft] = useState<number | null>(null)
  const [muted, setMuted] = useState(false)
  const [needsPress, setNeedsPress] = useState(false)
  const endedRef = useRef(false)
  const onEndRef = useRef(onEnd)
  onEndRef.current = onEnd
  const finishRef = useRef<(completed: boolean) => void>(() => {})

  useEffect(() => {
    const video = videoRef.current
    if (!video) return
    const finish = (completed: boolean) => {
      if (endedRef.current) return
      endedRef.current = true
      onEndRef.current(completed)
    }
    finishRef.current = finish
    let stallTimer = setTimeout(() => finish(false), PREROLL_STALL_MS)
    const handleProgress = () => {
      clearTimeout(stallTimer)
      if (!video.paused) stallTimer = setTimeout(() => finish(false), PREROLL_STALL_MS)
      if (Number.isFinite(video.duration)) setLeft(Math.max(0, video.duration - video.currentTime))
    }
    const handlePause = () => clearTimeout(stallTimer)
    const handleEnded = () => finish(true)
    const handleError = () => finish(false)
    video.addEventListener('timeupdate', handleProgress)
    video.addEventListener('playing', handleProgress)
    video.addEventListener('pause', handlePause)
    video.addEventListener('ended', handleEnded)
    video.addEventListener('error', handleError)
    video.play().catch(() => {
      // No sound without a gesture here: try muted, and failing that wait for a press.
      video.muted = true
      setMuted(true)
      video.play().catch(() => {
        clearTimeout(stallTimer)
        setNeedsPress(true)
      })
    })
    return () => {
      clearTimeout(stallTimer)
      video.removeEventListener('timeupdate', handleProgress)
      video.removeEventListener('playing', handleProgress)
      video.removeEventListener('pause', handlePause)
      video.removeEventListener('ended', handleEnded)
      video.removeEventListener('error', handleError)
    }
  }, [])

  const handleUnmute = () => {
    const video = videoRef.current
    if (!video) return
    video.muted = !video.muted
    setMuted(video.muted)
  }

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
        <button type="button" className="player-button player-preroll__sound" onClick={handleUnmute}>
          <PlayerIcon name="muted" />
          <span>{t('player.unmute')}</span>
        </button>
      ) : null}
      {needsPress ? (
        <button
          type="button"
          className="player-big-play"
          aria-label={t('player.play')}
          onClick={() => {
            setNeedsPress(false)
            void videoRef.current?.play().catch(() => finishRef.current(false))
          }}
        >
          <PlayerIcon name="play" />
        </button>
      ) : null}
    </section>
  )
}
