import type { default as Hls, HlsConfig, LevelUpdatedData } from 'hls.js'

/**
 * How far behind the newest segment a live stream plays, in target durations (the playlist's segment
 * length), when its playlist is reloaded on a timer. hls.js's default is three; two still keeps a segment
 * in hand: the next one is published a target duration after the last and the playlist is reloaded about
 * as often, at a phase of its own, so the player learns of a segment up to a target duration after it is
 * there. With 1-s segments that is 2 s behind the edge; behind an encoder sending a keyframe every 2 s,
 * 4 s. After a stall hls.js adds a second at a time (up to one target duration) by itself.
 */
export const LIVE_SYNC_TARGET_DURATIONS = 2

/**
 * The same when the playlist's server answers blocking reloads (`CAN-BLOCK-RELOAD=YES`, ours for a live
 * recording): the player asks for the playlist that lists the next segment and has it the moment the
 * segment is written, so the wait is a segment's own length and the buffer runs out only if the next
 * one comes more than half a target duration late (0.5 s with 1-s segments: the fetch takes a round trip
 * or two). hls.js never holds closer than one target duration with whole segments.
 */
export const BLOCKING_LIVE_SYNC_TARGET_DURATIONS = 1.5

/**
 * A live stream that has fallen a little behind that point (a stall, a slow start) plays up to this much
 * faster, pitch kept, until it is back, instead of staying late for the rest of the game. Further behind
 * than a target duration is the viewer rewinding (DVR): played at normal speed.
 */
export const LIVE_CATCH_UP_RATE = 1.25

/**
 * Before the viewer presses play, a replay buffers this many seconds (hls.js loads whole segments, so in
 * practice its first segment), as `preload="auto"` does for a plain video: the first frame is then ready
 * at the press. The cap is lifted at the press.
 */
export const PRELOAD_BUFFER_S = 1

export interface HlsConfigOptions {
  /** The transmuxing worker, a file of our own origin (the page's CSP allows no blob: scripts). */
  workerPath: string
  /** Where to start (a restart after an error); null: the start of a replay, the live edge of a stream. */
  startPosition: number | null
  /** Gives every playlist and segment request the latest token. */
  rewriteUrl: (url: string) => string
}

/** Our settings for hls.js (1.6): the player's loading, the live latency, and signed requests. */
export function hlsConfig({ workerPath, startPosition, rewriteUrl }: HlsConfigOptions): Partial<HlsConfig> {
  return {
    workerPath,
    // The page decides when segments load (`startLoad`): a few seconds ahead for a replay, at the press
    // (or when a pre-roll starts) for a live stream, whose edge moves on while the page waits.
    autoStartLoad: false,
    startPosition: startPosition ?? -1,
    capLevelToPlayerSize: true,
    backBufferLength: 90,
    // Our pre-rolls are our own (spec §4), not HLS interstitials; hls.js's scheduler for those would only
    // restart loading the first segment when playback starts.
    enableInterstitialPlayback: false,
    liveSyncDurationCount: LIVE_SYNC_TARGET_DURATIONS,
    // No forced jump back to the edge, however far behind: the viewer may be rewinding (DVR to the start).
    liveMaxLatencyDurationCount: Number.POSITIVE_INFINITY,
    maxLiveSyncPlaybackRate: LIVE_CATCH_UP_RATE,
    // hls.js catches up by playback rate only in this mode. Partial segments and blocking playlist
    // reloads (LL-HLS) are used only when a playlist offers them; ffmpeg's HLS writer does not.
    lowLatencyMode: true,
    xhrSetup: (xhr, url) => {
      xhr.open('GET', rewriteUrl(url), true)
    },
  }
}

/**
 * Holds a live stream `BLOCKING_LIVE_SYNC_TARGET_DURATIONS` behind its edge once its first playlist says
 * the server answers blocking reloads (hls.js then asks for each next playlist with `_HLS_msn`); others
 * stay at `LIVE_SYNC_TARGET_DURATIONS`. `Hls` is the class (loaded apart from the page's code).
 */
export function holdCloserWithBlockingReloads(HlsClass: typeof Hls, hls: Hls) {
  const onLevel = (_event: unknown, { details }: LevelUpdatedData) => {
    if (!details.live) return
    hls.off(HlsClass.Events.LEVEL_UPDATED, onLevel)
    if (details.canBlockReload) hls.targetLatency = BLOCKING_LIVE_SYNC_TARGET_DURATIONS * details.targetduration
  }
  hls.on(HlsClass.Events.LEVEL_UPDATED, onLevel)
}
