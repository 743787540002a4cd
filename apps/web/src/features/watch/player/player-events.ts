/**
 * What the player reports about a viewing. The analytics issue will record these; until then the default
 * sink writes them to the console in development and drops them in production.
 */
export type PlayerEvent =
  /** The first picture after the viewer pressed play, `ms` after the press. */
  | { type: 'first_frame'; ms: number }
  /** Seconds actually watched so far (playing, not paused or buffering): every 10 s and on leaving. */
  | { type: 'heartbeat'; watchedSeconds: number; final: boolean }
  /** hls.js switched rendition; `auto` when it was its own choice. */
  | { type: 'quality_switch'; level: number; label: string; auto: boolean }
  /** A playback failure; `fatal` when the viewer was shown the error screen. */
  | { type: 'error'; code: string; fatal: boolean }
  | { type: 'preroll_start'; prerollId: number }
  /** `completed` false when the pre-roll failed or stalled and the content went on without it. */
  | { type: 'preroll_end'; prerollId: number; completed: boolean }

/** Who is watching what; passed with every event. */
export interface PlayerContext {
  subject: `event:${number}` | `vod:${number}`
  live: boolean
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
