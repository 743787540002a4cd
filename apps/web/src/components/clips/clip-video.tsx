import type { SharedClip } from '@fieldhouse/contract'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ClipScoreBug } from './clip-score-bug'

/**
 * A clip plays in the browser's own video element, with its own controls (keyboard and screen reader
 * ready in every browser): the MP4 (faststart, a few seconds long) wherever there is one, else the clip's
 * HLS through the browser (Safari) or hls.js, loaded only then. A clip of a game that knows its place on
 * the stream's clock carries the game's score bug over it (`ClipScoreBug`; the parent is positioned).
 */
export function ClipVideo({ clip, autoPlay = false }: { clip: SharedClip; autoPlay?: boolean }) {
  const { t } = useTranslation()
  const videoRef = useRef<HTMLVideoElement>(null)
  const [video, setVideo] = useState<HTMLVideoElement | null>(null)
  useEffect(() => setVideo(videoRef.current), [])
  const hlsOnly = !clip.mp4 && clip.hls ? clip.hls : null

  useEffect(() => {
    const video = videoRef.current
    if (!video || !hlsOnly) return
    if (video.canPlayType('application/vnd.apple.mpegurl')) {
      video.src = hlsOnly
      return
    }
    let destroy = () => {}
    let cancelled = false
    void import('hls.js').then(({ default: Hls }) => {
      if (cancelled || !Hls.isSupported()) return
      const hls = new Hls()
      hls.loadSource(hlsOnly)
      hls.attachMedia(video)
      destroy = () => hls.destroy()
    })
    return () => {
      cancelled = true
      destroy()
    }
  }, [hlsOnly])

  return (
    <>
      {/* biome-ignore lint/a11y/useMediaCaption: a clip has no captions track; its words are the game's sound */}
      <video
        ref={videoRef}
        className="clip-video"
        src={clip.mp4 ?? undefined}
        poster={clip.poster ?? undefined}
        controls
        playsInline
        autoPlay={autoPlay}
        preload="metadata"
        aria-label={t('clips.videoLabel', { name: clip.name })}
        data-testid="clip-video"
      />
      <ClipScoreBug clip={clip} video={video} />
    </>
  )
}
