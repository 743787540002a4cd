import type { SeekWindow } from './player-time'

/** Which end of a clip a handle is. */
export type ClipMarkSide = 'start' | 'end'

/** A clip's in and out points on the seek bar's scale; null for a side not marked. */
export interface ClipMarkers {
  start: number | null
  end: number | null
  /**
   * Set while the clip tool is open: the marks are handles to drag or step. Asked to move a side to a
   * time, it answers where that side lands (the tool keeps in before out, inside the window and the
   * channel's longest clip).
   */
  onMove?: ((side: ClipMarkSide, time: number, window: SeekWindow) => number) | undefined
}

/** A point (or a span, with `end`) of the timeline that something beside the player marks: a key play. */
export interface TimelineMark {
  /** Who set it (`setMarks` replaces a group's marks at once). */
  group: string
  /** Seconds on the seek bar's scale. */
  time: number
  end?: number
  /** What the mark is, said to assistive technology and shown on hover. */
  label: string
}

/** Where the playhead is: seconds into the video, and the stream's clock at that picture when it has one. */
export interface ProgrammeTime {
  position: number
  /** Ms since the epoch (`EXT-X-PROGRAM-DATE-TIME`); null without one. */
  date: number | null
}

/**
 * A timed overlay: asked, as the playhead moves, what should be drawn over the video at that moment
 * (a score bug); null for nothing. The view draws the value with the renderer registered for its key.
 */
export type OverlaySource = (time: ProgrammeTime) => unknown

export interface OverlayValue {
  key: string
  value: unknown
}
