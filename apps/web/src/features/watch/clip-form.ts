import { clipDefaults, formatClipTime, parseClipTime } from '@fieldhouse/contract'
import type { ClipMarkSide } from '@fieldhouse/player'

/**
 * The clip form's rules, apart from React: what the viewer typed or marked (times as `hh:mm:ss`) against
 * what has been recorded. Codes, not texts: the form words them (the spec's three messages, our own for
 * the rest) in the viewer's language.
 */
export type ClipFormError =
  /** Spec §5 "Please fill in the input field". */
  | 'required'
  /** Spec §5 "Please select tag". */
  | 'tagRequired'
  /** Spec §5 "Your clip duration is longer than the end time": the clip runs past what is recorded. */
  | 'pastEnd'
  /** Not a `hh:mm:ss` time. */
  | 'timeFormat'
  /** The out point is not after the in point. */
  | 'outBeforeIn'
  /** Longer than the channel allows. */
  | 'tooLong'
  /** Shorter than a clip can be. */
  | 'tooShort'

export type ClipFormField = 'name' | 'start' | 'end' | 'tags'

export interface ClipFormValues {
  name: string
  start: string
  end: string
  tags: readonly string[]
}

export interface ClipLimits {
  /** Seconds recorded so far (live) or in all (a replay); null when not known yet. */
  recorded: number | null
  maxDurationSec?: number
  minDurationSec?: number
}

export type ClipFormResult =
  | { ok: true; value: { name: string; start_time: number; duration: number; tags: string[] } }
  | { ok: false; errors: Partial<Record<ClipFormField, ClipFormError>> }

/** Seconds kept to the millisecond, as the API takes them. */
const ms = (seconds: number) => Math.round(seconds * 1000) / 1000

export function validateClipForm(values: ClipFormValues, limits: ClipLimits): ClipFormResult {
  const { maxDurationSec = clipDefaults.maxDurationSec, minDurationSec = clipDefaults.minDurationSec } = limits
  const errors: Partial<Record<ClipFormField, ClipFormError>> = {}
  const name = values.name.trim()
  if (!name) errors.name = 'required'
  if (values.tags.length === 0) errors.tags = 'tagRequired'
  const start = readTime(values.start)
  const end = readTime(values.end)
  if (typeof start === 'string') errors.start = start
  if (typeof end === 'string') errors.end = end
  if (typeof start === 'number' && typeof end === 'number') {
    const duration = end - start
    if (duration <= 0) errors.end = 'outBeforeIn'
    else if (limits.recorded !== null && end > limits.recorded + 0.05) errors.end = 'pastEnd'
    else if (duration > maxDurationSec + 0.0005) errors.end = 'tooLong'
    else if (duration < minDurationSec - 0.0005) errors.end = 'tooShort'
  }
  if (Object.keys(errors).length > 0 || typeof start !== 'number' || typeof end !== 'number') {
    return { ok: false, errors }
  }
  return { ok: true, value: { name, start_time: ms(start), duration: ms(end - start), tags: [...values.tags] } }
}

function readTime(text: string): number | ClipFormError {
  if (!text.trim()) return 'required'
  return parseClipTime(text) ?? 'timeFormat'
}

/** How long a clip is when the viewer marks only its end: the in point goes this far back. */
export const DEFAULT_CLIP_SEC = 10

export interface ClipMarks {
  start: string
  end: string
}

/**
 * "Mark in" at the playhead. An out point at or before the new in point no longer makes sense and is
 * cleared, so the next press of "Mark out" completes the range.
 */
export function markIn(marks: ClipMarks, time: number): ClipMarks {
  const at = Math.max(0, time)
  const end = parseClipTime(marks.end)
  return { start: formatClipTime(at), end: end !== null && end <= at ? '' : marks.end }
}

/**
 * "Mark out" at the playhead. Without an in point before it, the in point is put DEFAULT_CLIP_SEC
 * earlier (never before 0): the usual gesture after a great play is to press once, at its end.
 */
export function markOut(marks: ClipMarks, time: number): ClipMarks {
  const at = Math.max(0, time)
  const start = parseClipTime(marks.start)
  if (start !== null && start < at) return { start: marks.start, end: formatClipTime(at) }
  return { start: formatClipTime(Math.max(0, at - DEFAULT_CLIP_SEC)), end: formatClipTime(at) }
}

/** The marked range in seconds for the seek bar's markers; each side null when it is not a time. */
export function markedRange(marks: ClipMarks): { start: number | null; end: number | null } {
  return { start: parseClipTime(marks.start), end: parseClipTime(marks.end) }
}

/** Which end of the clip a seek bar handle moves. */
export type { ClipMarkSide }

/** What a handle may not cross: the part of the video the seek bar covers, and the clip's lengths. */
export interface ClipMarkBounds {
  window: { start: number; end: number }
  maxDurationSec: number
  minDurationSec: number
}

/** Seconds kept to tenths, as the form shows them (`hh:mm:ss.f`). */
const tenths = (seconds: number) => Math.round(seconds * 10) / 10

/**
 * Where a seek bar handle lands when dragged or stepped to `to`: inside the seek bar's window, never
 * past the other mark (they stay at least the shortest clip apart: in never after out), and never
 * further from it than the channel's longest clip. The other mark does not move; a handle pushed
 * against a limit stops there. Without the other mark (not typed yet, or not a time) only the window
 * holds it.
 */
export function moveClipMark(
  range: { start: number | null; end: number | null },
  side: ClipMarkSide,
  to: number,
  bounds: ClipMarkBounds,
): number {
  const { window, maxDurationSec, minDurationSec } = bounds
  let lo = window.start
  let hi = Math.max(window.start, window.end)
  const other = side === 'start' ? range.end : range.start
  if (other !== null) {
    if (side === 'start') {
      lo = Math.max(lo, other - maxDurationSec)
      hi = Math.min(hi, other - minDurationSec)
    } else {
      lo = Math.max(lo, other + minDurationSec)
      hi = Math.min(hi, other + maxDurationSec)
    }
  }
  // The other mark sits where no clip fits (typed outside the window): the window alone then holds it.
  if (lo > hi) return tenths(Math.min(Math.max(to, window.start), Math.max(window.start, window.end)))
  return tenths(Math.min(hi, Math.max(lo, to)))
}

/**
 * The range the tool starts with when it opens with nothing marked, so there are handles to drag: the
 * DEFAULT_CLIP_SEC up to the playhead (what just happened), or the first DEFAULT_CLIP_SEC when the
 * playhead is nearer the start; never past what is recorded when that is known.
 */
export function initialMarks(playhead: number, recorded: number | null): ClipMarks {
  const limit = recorded !== null && recorded > 0 ? recorded : Number.POSITIVE_INFINITY
  const end = Math.min(limit, Math.max(DEFAULT_CLIP_SEC, playhead))
  return { start: formatClipTime(tenths(Math.max(0, end - DEFAULT_CLIP_SEC))), end: formatClipTime(tenths(end)) }
}
