/**
 * What the player reports about a viewing. The product analytics client records them (the watch pages
 * pass `productPlayerEvents`); elsewhere the default sink writes them to the console in development and
 * drops them in production.
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

/** Development: every event in the console. Production: nothing yet. */
export const defaultPlayerEvents: PlayerEvents = import.meta.env.DEV
  ? { emit: (event, context) => console.debug('[player]', context.subject, event) }
  : noopPlayerEvents

/**
 * Watched time: counts only while the video plays. `start` on playing, `stop` on pause, waiting, end or
 * error; `seconds` at any time. The clock is injected so tests need no timers.
 */
export function createWatchClock(now: () => number = () => performance.now()) {
  let total = 0
  let since: number | null = null
  return {
    start() {
      if (since === null) since = now()
    },
    stop() {
      if (since !== null) {
        total += now() - since
        since = null
      }
    },
    get running() {
      return since !== null
    },
    /** Whole seconds watched. */
    seconds(): number {
      return Math.floor((total + (since === null ? 0 : now() - since)) / 1000)
    },
  }
}
export type WatchClock = ReturnType<typeof createWatchClock>
