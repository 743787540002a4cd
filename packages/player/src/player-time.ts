/** "0:07", "12:05", "1:02:03": the playhead, whole seconds shown (a time is never rounded up). */
export function formatPlayerTime(seconds: number): string {
  const total = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0))
  const hours = Math.floor(total / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const rest = String(total % 60).padStart(2, '0')
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`
}

/** The part of the video the seek bar covers, in seconds. */
export interface SeekWindow {
  start: number
  end: number
}

/**
 * A replay runs from 0 to its duration. A live stream's window is what the browser can seek to: from the
 * start of the broadcast (DVR) to the newest segment.
 */
export function seekWindow({
  live,
  duration,
  seekable,
}: {
  live: boolean
  duration: number
  seekable: ReadonlyArray<readonly [number, number]>
}): SeekWindow {
  if (!live && Number.isFinite(duration) && duration > 0) return { start: 0, end: duration }
  if (seekable.length === 0) return { start: 0, end: Number.isFinite(duration) ? Math.max(0, duration) : 0 }
  return { start: seekable[0]![0], end: seekable[seekable.length - 1]![1] }
}

/** Where native players sit behind the newest segment (about three segments of 6 s). */
export const NATIVE_LIVE_OFFSET_S = 20
/** Further behind the live position than this, the "Go live" button shows. */
export const BEHIND_LIVE_TOLERANCE_S = 10

/**
 * Seconds behind the live position: hls.js names it (`liveSyncPosition`); a native player keeps about
 * three segments behind the end of the seekable range.
 */
export function secondsBehindLive({
  currentTime,
  seekableEnd,
  liveSyncPosition,
}: {
  currentTime: number
  seekableEnd: number
  liveSyncPosition: number | null
}): number {
  const edge = liveSyncPosition ?? Math.max(0, seekableEnd - NATIVE_LIVE_OFFSET_S)
  return Math.max(0, edge - currentTime)
}

export const isBehindLive = (secondsBehind: number) => secondsBehind > BEHIND_LIVE_TOLERANCE_S

/** Live content that starts further than this behind its live position starts there instead. */
export const LIVE_JOIN_TOLERANCE_S = 1

/**
 * Where live content should be when it starts playing: the live position when the playhead is well
 * behind it, else null (play on from where it is). Behind a pre-roll the content buffers from where the
 * edge was when the pre-roll began; without this the game would play the length of the pre-roll late for
 * as long as it is watched. Only the start of the content: a viewer resuming after a pause, or who has
 * rewound, stays where they are.
 */
export function liveJoinPosition({
  live,
  currentTime,
  liveSyncPosition,
}: {
  live: boolean
  currentTime: number
  /** The engine's live position; null when it has none (native playback, nothing loaded yet). */
  liveSyncPosition: number | null
}): number | null {
  if (!live || liveSyncPosition === null || !Number.isFinite(liveSyncPosition)) return null
  return liveSyncPosition - currentTime > LIVE_JOIN_TOLERANCE_S ? liveSyncPosition : null
}

/** Seconds into the window of the seek bar for a pointer at `x` of a bar from `left`, `width` wide. */
export function timeAtPointer(x: number, bar: { left: number; width: number }, window: SeekWindow): number {
  if (bar.width <= 0) return window.start
  const ratio = Math.min(1, Math.max(0, (x - bar.left) / bar.width))
  return window.start + ratio * (window.end - window.start)
}
