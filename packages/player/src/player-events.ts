/**
 * What the player reports about a viewing. The product analytics client records them (the watch pages
 * pass `productPlayerEvents`); a player given no sink drops them.
 */
export type PlayerEvent =
  /** The first picture after the viewer pressed play, `ms` after the press. */
  | { type: 'first_frame'; ms: number }
  /** The viewer pressed play (the first start too: startup time runs from here to `first_frame`). */
  | { type: 'play' }
  | { type: 'pause' }
  /** The viewer moved the playhead, from and to (seconds). */
  | { type: 'seek'; from: number; to: number }
  /** Playback stopped for want of data (not after a seek), and started again `ms` later. */
  | { type: 'stall_start' }
  | { type: 'stall_end'; ms: number }
  | { type: 'ended' }
  /** Seconds actually watched so far (playing, not paused or buffering): every 10 s and on leaving. */
  | { type: 'heartbeat'; watchedSeconds: number; final: boolean }
  /** hls.js switched rendition; `auto` when it was its own choice. */
  | { type: 'quality_switch'; level: number; label: string; auto: boolean }
  /** A playback failure; `fatal` when the viewer was shown the error screen. */
  | { type: 'error'; code: string; fatal: boolean }
  | { type: 'preroll_start'; prerollId: number }
  /** `completed` false when the pre-roll failed or stalled and the content went on without it. */
  | { type: 'preroll_end'; prerollId: number; completed: boolean }

/** What is watched, for the viewing figures: nulls where it has none (a library video). */
export interface PlayerSubjectMeta {
  category: string | null
  sport: string | null
  gender: string | null
  school: string | null
  league: string | null
}

/** Who is watching what; passed with every event. */
export interface PlayerContext {
  subject: `event:${number}` | `vod:${number}`
  live: boolean
  /** One viewing: made when the player appears, new with each player (a new video, a reload). */
  viewId?: string
  meta?: PlayerSubjectMeta
  /** Seconds into the stream when the event happened (the player adds it). */
  position?: number
}

export interface PlayerEvents {
  emit(event: PlayerEvent, context: PlayerContext): void
}

export const HEARTBEAT_INTERVAL_MS = 10_000

export const noopPlayerEvents: PlayerEvents = { emit: () => {} }

/** What watched time reads of a `<video>`: the parts of the stream it has played (`HTMLMediaElement.played`). */
export interface PlayedRanges {
  readonly length: number
  start(index: number): number
  end(index: number): number
}

/**
 * Watched time: the seconds of the stream the element has played, from its `played` ranges. The
 * browser extends them as the picture advances, so what is counted does not depend on when the page's
 * handlers run: on a busy phone a `playing` or `pause` handler can run a second late, and a clock
 * started and stopped by them counted that second wrong (or a short viewing as none). Pauses, stalls
 * and seeks add nothing; a part played twice counts once. An element forgets its ranges when its
 * source is loaded again (`emptied`, a recovery): `note` on every `timeupdate` keeps the last count,
 * and `carry` at `emptied` adds it to what went before.
 */
export function createWatchedTime(played: () => PlayedRanges) {
  let carried = 0
  let last = 0
  const read = () => {
    const ranges = played()
    let sum = 0
    for (let i = 0; i < ranges.length; i++) sum += Math.max(0, ranges.end(i) - ranges.start(i))
    // The ranges only grow while one source plays; a smaller sum means they were reset.
    if (sum >= last) last = sum
    return last
  }
  return {
    note() {
      read()
    },
    carry() {
      carried += last
      last = 0
    },
    /** Whole seconds watched. */
    seconds(): number {
      return Math.floor(carried + read())
    },
  }
}
export type WatchedTime = ReturnType<typeof createWatchedTime>
