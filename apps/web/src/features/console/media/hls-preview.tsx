import { useEffect, useRef, useState } from 'react'
import { useConsoleText } from '../words'

/**
 * The operator's preview: the signed playlist played muted through hls.js (the viewer player's
 * engine, its own chunk), or the browser's own HLS (Safari).
 */
export function HlsPreview({ src, label }: { src: string; label: string }) {
  const t = useConsoleText()
  const ref = useRef<HTMLVideoElement>(null)
  const [error, setError] = useState<'cannotPlay' | 'stopped' | null>(null)
  useEffect(() => {
    const video = ref.current
    if (!video) return
    let destroy = () => {}
    let cancelled = false
    setError(null)
    if (video.canPlayType('application/vnd.apple.mpegurl')) {
      video.src = src
    } else {
      void import('hls.js').then(({ default: Hls }) => {
        if (cancelled) return
        if (!Hls.isSupported()) return setError('cannotPlay')
        const hls = new Hls({ liveSyncDurationCount: 2 })
        hls.on(Hls.Events.ERROR, (_e, data) => {
          if (data.fatal) setError('stopped')
        })
        hls.loadSource(src)
        hls.attachMedia(video)
        destroy = () => hls.destroy()
      })
    }
    return () => {
      cancelled = true
      destroy()
    }
  }, [src])
  return (
    <figure className="console-preview">
      <video ref={ref} muted autoPlay playsInline controls aria-label={label} data-testid="console-preview" />
      {error ? <figcaption role="status">{t(`preview.${error}`)}</figcaption> : null}
    </figure>
  )
}
