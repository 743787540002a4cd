import { formatClipTime } from '@fieldhouse/contract'
import {
  type ClipMarkers,
  type ClipMarkSide,
  formatPlayerTime,
  type SeekWindow,
  type ThumbnailCue,
  type TimelineMark,
  thumbnailAt,
  timeAtPointer,
} from '@fieldhouse/player'
import { type CSSProperties, type KeyboardEvent, type PointerEvent, type RefObject, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

/** Seconds an arrow key moves a clip handle; with Shift (and PageUp/PageDown) the big step. */
const MARK_STEP_S = 1
const MARK_BIG_STEP_S = 10

/**
 * The seek bar: a native range input (so it is a slider to assistive technology, with Home/End and
 * PageUp/PageDown), its played and buffered parts drawn behind it, and a preview picture from the
 * thumbnails track over the point the pointer is at, or the point being dragged to. With the clip tool
 * open, the clip's in and out points are handles on it (see ClipHandle).
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
  timeline = [],
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
  marks?: ClipMarkers | undefined
  /** Points (or spans) others mark on the timeline: key plays. */
  timeline?: readonly TimelineMark[]
}) {
  const { t } = useTranslation()
  const barRef = useRef<HTMLDivElement>(null)
  const [hoverTime, setHoverTime] = useState<number | null>(null)
  const [dragTime, setDragTime] = useState<number | null>(null)
  const [markDrag, setMarkDrag] = useState<number | null>(null)
  const span = Math.max(0, range.end - range.start)
  const shown = dragTime ?? currentTime
  const percent = (time: number) =>
    span > 0 ? ((Math.min(range.end, Math.max(range.start, time)) - range.start) / span) * 100 : 0
  const previewTime = markDrag ?? dragTime ?? hoverTime
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
      {timeline.length > 0 && span > 0 ? (
        <div className="player-seek__marks" aria-hidden="true" data-testid="timeline-marks">
          {timeline.map((mark) => (
            <span
              key={`${mark.group}:${mark.time}:${mark.label}`}
              className="player-seek__mark"
              title={mark.label}
              style={{
                left: `${percent(mark.time)}%`,
                ...(mark.end !== undefined ? { width: `${percent(mark.end) - percent(mark.time)}%` } : {}),
              }}
            />
          ))}
        </div>
      ) : null}
      {marks && span > 0 && (marks.start !== null || marks.end !== null) ? (
        <div className="player-seek__clip" aria-hidden="true" data-testid="clip-marks">
          {marks.start !== null && marks.end !== null && marks.end > marks.start ? (
            <span
              className="player-seek__clip-span"
              style={{ left: `${percent(marks.start)}%`, width: `${percent(marks.end) - percent(marks.start)}%` }}
            />
          ) : null}
          {marks.onMove
            ? null
            : (['start', 'end'] as const).map((side) => {
                const at = marks[side]
                return at === null ? null : (
                  <span
                    key={side}
                    className={`player-seek__clip-mark player-seek__clip-mark--${side === 'start' ? 'in' : 'out'}`}
                    style={{ left: `${percent(at)}%` }}
                  />
                )
              })}
        </div>
      ) : null}
      {marks?.onMove && span > 0
        ? (['start', 'end'] as const).map((side) => {
            const at = marks[side]
            return at === null || !marks.onMove ? null : (
              <ClipHandle
                key={side}
                side={side}
                time={at}
                range={range}
                left={percent(at)}
                label={side === 'start' ? t('player.clipIn') : t('player.clipOut')}
                barRef={barRef}
                onMove={marks.onMove}
                onDrag={setMarkDrag}
                onSeek={onSeek}
              />
            )
          })
        : null}
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

/**
 * One end of the clip as a handle on the seek bar: a slider to assistive technology (arrows move it
 * 1 s, with Shift or PageUp/PageDown 10 s, Home and End to the ends of the bar; its value read as the
 * clip form writes times), dragged by mouse, pen or finger. The in handle reaches left of its point
 * and the out handle right of it, so both can be taken however close they are. Where it lands the
 * player shows: the video goes there when the drag ends or the key is pressed.
 */
function ClipHandle({
  side,
  time,
  range,
  left,
  label,
  barRef,
  onMove,
  onDrag,
  onSeek,
}: {
  side: ClipMarkSide
  time: number
  range: SeekWindow
  /** Where on the bar, in percent. */
  left: number
  label: string
  barRef: RefObject<HTMLDivElement | null>
  onMove: (side: ClipMarkSide, time: number, window: SeekWindow) => number
  /** The time being dragged to (for the preview picture), null when the drag ends. */
  onDrag: (time: number | null) => void
  onSeek: (time: number) => void
}) {
  const dragging = useRef<number | null>(null)
  // Where on the handle it was taken, from its point: the point follows the pointer without a jump.
  const grab = useRef(0)

  const moveTo = (x: number) => {
    const bar = barRef.current?.getBoundingClientRect()
    if (!bar) return
    const landed = onMove(side, timeAtPointer(x - grab.current, bar, range), range)
    dragging.current = landed
    onDrag(landed)
  }

  const endDrag = (event: PointerEvent<HTMLDivElement>, seek: boolean) => {
    if (dragging.current === null) return
    if (event.currentTarget.hasPointerCapture(event.pointerId))
      event.currentTarget.releasePointerCapture(event.pointerId)
    if (seek) onSeek(dragging.current)
    dragging.current = null
    onDrag(null)
  }

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const big = event.shiftKey ? MARK_BIG_STEP_S : MARK_STEP_S
    const target = (() => {
      switch (event.key) {
        case 'ArrowLeft':
        case 'ArrowDown':
          return time - big
        case 'ArrowRight':
        case 'ArrowUp':
          return time + big
        case 'PageDown':
          return time - MARK_BIG_STEP_S
        case 'PageUp':
          return time + MARK_BIG_STEP_S
        case 'Home':
          return range.start
        case 'End':
          return range.end
        default:
          return null
      }
    })()
    if (target === null || event.altKey || event.ctrlKey || event.metaKey) return
    event.preventDefault()
    onSeek(onMove(side, target, range))
  }

  return (
    <div
      role="slider"
      tabIndex={0}
      className={`player-seek__handle player-seek__handle--${side === 'start' ? 'in' : 'out'}`}
      style={{ left: `${left}%` }}
      aria-label={label}
      aria-orientation="horizontal"
      aria-valuemin={Math.floor(range.start)}
      aria-valuemax={Math.ceil(range.end)}
      aria-valuenow={Math.round(time * 10) / 10}
      aria-valuetext={formatClipTime(time)}
      data-player-slider="mark"
      data-testid={side === 'start' ? 'clip-handle-in' : 'clip-handle-out'}
      onPointerDown={(event) => {
        if (event.button !== 0) return
        event.preventDefault()
        event.currentTarget.setPointerCapture(event.pointerId)
        event.currentTarget.focus({ preventScroll: true })
        const bar = barRef.current?.getBoundingClientRect()
        grab.current = bar ? event.clientX - (bar.left + (bar.width * left) / 100) : 0
        dragging.current = time
        onDrag(time)
      }}
      onPointerMove={(event) => {
        if (dragging.current !== null) moveTo(event.clientX)
      }}
      onPointerUp={(event) => endDrag(event, true)}
      onPointerCancel={(event) => endDrag(event, false)}
      onKeyDown={handleKeyDown}
    />
  )
}
