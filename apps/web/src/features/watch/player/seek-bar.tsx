import { type CSSProperties, type PointerEvent, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatPlayerTime, type SeekWindow, timeAtPointer } from './player-time'
import { type ThumbnailCue, thumbnailAt } from './vtt-thumbnails'

/**
 * The seek bar: a native range input (so it is a slider to assistive technology, with Home/End and
 * PageUp/PageDown), its played and buffered parts drawn behind it, and a preview picture from the
 * thumbnails track over the point the pointer is at, or the point being dragged to.
 */
export function SeekBar({
  range,
  currentTime,
  bufferedEnd,
  live,
  secondsBehind,
  thumbnails,
  rewriteUrl,
  onSeek,
  marks,
}: {
  range: SeekWindow
  currentTime: number
  bufferedEnd: number
  live: boolean
  secondsBehind: number
  thumbnails: readonly ThumbnailCue[]
  /** Sprites are signed media URLs too: they get the latest token. */
  rewriteUrl: (url: string) => string
  onSeek: (time: number) => void
  /** A clip's in and out points (the clip tool), with the span between them shaded. */
  marks?: { start: number | null; end: number | null } | undefined
}) {
  const { t } = useTranslation()
  const barRef = useRef<HTMLDivElement>(null)
  const [hoverTime, setHoverTime] = useState<number | null>(null)
  const [dragTime, setDragTime] = useState<number | null>(null)
  const span = Math.max(0, range.end - range.start)
  const shown = dragTime ?? currentTime
  const percent = (time: number) =>
    span > 0 ? ((Math.min(range.end, Math.max(range.start, time)) - range.start) / span) * 100 : 0
  const previewTime = dragTime ?? hoverTime
  const cue = previewTime === null ? null : thumbnailAt(thumbnails, previewTime)

  const handlePointerMove = (event: PointerEvent) => {
    const bar = barRef.current?.getBoundingClientRect()
    if (bar) setHoverTime(timeAtPointer(event.clientX, bar, range))
  }

  const valueText = live
    ? secondsBehind > 0
      ? t('player.behindLive', { time: formatPlayerTime(secondsBehind) })
      : t('player.atLiveEdge')
    : t('player.seekValue', { current: formatPlayerTime(shown), total: formatPlayerTime(range.end) })

  return (
    <div
      ref={barRef}
      className="player-seek"
      style={
        {
          '--seek-played': `${percent(shown)}%`,
          '--seek-buffered': `${percent(bufferedEnd)}%`,
        } as CSSProperties
      }
      onPointerMove={handlePointerMove}
      onPointerLeave={() => setHoverTime(null)}
    >
      {marks && span > 0 && (marks.start !== null || marks.end !== null) ? (
        <div className="player-seek__clip" aria-hidden="true" data-testid="clip-marks">
          {marks.start !== null && marks.end !== null && marks.end > marks.start ? (
            <span
              className="player-seek__clip-span"
              style={{ left: `${percent(marks.start)}%`, width: `${percent(marks.end) - percent(marks.start)}%` }}
            />
          ) : null}
          {marks.start !== null ? (
            <span
              className="player-seek__clip-mark player-seek__clip-mark--in"
              style={{ left: `${percent(marks.start)}%` }}
            />
          ) : null}
          {marks.end !== null ? (
            <span
              className="player-seek__clip-mark player-seek__clip-mark--out"
              style={{ left: `${percent(marks.end)}%` }}
            />
          ) : null}
        </div>
      ) : null}
      {previewTime !== null && span > 0 ? (
        <div className="player-seek__preview" style={{ left: `${percent(previewTime)}%` }} aria-hidden="true">
          {cue ? (
            <span
              className="player-seek__thumb"
              style={{
                backgroundImage: `url("${rewriteUrl(cue.url)}")`,
                ...(cue.box
                  ? {
                      width: cue.box.w,
                      height: cue.box.h,
                      backgroundPosition: `-${cue.box.x}px -${cue.box.y}px`,
                    }
                  : { backgroundSize: 'cover' }),
              }}
            />
          ) : null}
          <span className="player-seek__time">
            {live ? `-${formatPlayerTime(Math.max(0, range.end - previewTime))}` : formatPlayerTime(previewTime)}
          </span>
        </div>
      ) : null}
      <input
        type="range"
        className="player-seek__input"
        data-player-slider="seek"
        data-testid="player-seek"
        aria-label={t('player.seek')}
        aria-valuetext={valueText}
        min={range.start}
        max={Math.max(range.start, range.end)}
        step="any"
        value={Math.min(range.end, Math.max(range.start, shown))}
        disabled={span <= 0}
        onPointerDown={() => setDragTime(currentTime)}
        onChange={(event) => {
          const time = Number(event.currentTarget.value)
          // While the pointer drags, only the preview follows; the seek happens on release.
          if (dragTime !== null) setDragTime(time)
          else onSeek(time)
        }}
        onPointerUp={(event) => {
          if (dragTime === null) return
          onSeek(Number(event.currentTarget.value))
          setDragTime(null)
        }}
        onPointerCancel={() => setDragTime(null)}
      />
    </div>
  )
}
