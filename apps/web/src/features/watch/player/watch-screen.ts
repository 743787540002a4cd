import type { MediaInfo, Playback } from '@fieldhouse/contract'

/** What the viewer may lack for an event that has nothing to play yet. */
export type AccessNeed = 'sign_in' | 'no_access' | null

/**
 * Every state a viewer can meet in the player area:
 * - `geo_blocked`: spec §6, the region may not watch;
 * - `sign_in` / `no_access`: there is video (or it is being prepared), but an account / a pass is needed;
 * - `upcoming`: not started; a countdown to the start (with what the viewer will need, if anything);
 * - `starting`: the start time has passed (`live` false), or the event is marked live (`live` true: it is
 *   live, waiting for the broadcast to begin), and no stream has come in yet;
 * - `processing`: the replay is being prepared (`progress` 0–100 when known);
 * - `no_video`: a finished event (or library item) with nothing to play;
 * - `unavailable`: there should be video but the answer gave no way to play it; a Retry asks again;
 * - `too_many_streams`: the account watches on as many devices as the channel allows (decision 0031);
 * - `stream_stopped`: this device's stream was stopped from another device, or as the oldest over the limit;
 * - `player`: something to play, live (with DVR) or a replay.
 */
export type WatchScreen =
  | { kind: 'geo_blocked' }
  | { kind: 'sign_in' }
  | { kind: 'no_access' }
  | { kind: 'upcoming'; startsAt: string; need: AccessNeed }
  | { kind: 'starting'; need: AccessNeed; live: boolean }
  | { kind: 'processing'; progress: number | null }
  | { kind: 'no_video' }
  | { kind: 'unavailable' }
  | { kind: 'too_many_streams' }
  | { kind: 'stream_stopped'; reason: 'stopped' | 'replaced' }
  | { kind: 'player'; playback: Playback; mode: 'live' | 'replay' }

/** An event's or a library item's detail, as far as the player area cares. */
export type WatchSubject = MediaInfo & {
  /** Events only. */
  stream_status?: 'upcoming' | 'live' | 'vod'
  event_utc_ts?: string
  is_geo_blocked?: boolean
  has_access?: boolean
  type?: 'free' | 'register' | 'paid' | 'ppv'
}

/** What the viewer lacks: the server's denial, else the event's own access flag. */
function accessNeed(subject: WatchSubject): AccessNeed {
  if (subject.denial === 'sign_in' || subject.denial === 'no_access') return subject.denial
  if (subject.has_access !== false) return null
  return subject.type === 'register' ? 'sign_in' : 'no_access'
}

/**
 * Which screen the player area shows for this detail at `nowMs`. A denial wins once there is video (or
 * video on its way); before that the countdown or the wait shows, naming what the viewer will need.
 */
export function selectWatchScreen(subject: WatchSubject, nowMs: number): WatchScreen {
  if (subject.denial === 'geo_blocked' || subject.is_geo_blocked) return { kind: 'geo_blocked' }
  if (subject.denial === 'too_many_streams') return { kind: 'too_many_streams' }
  if (subject.playback) {
    return { kind: 'player', playback: subject.playback, mode: subject.playback.live ? 'live' : 'replay' }
  }
  const need = accessNeed(subject)
  switch (subject.media_status) {
    case 'processing':
    case 'live':
    case 'ready':
      if (subject.denial === 'sign_in' || subject.denial === 'no_access') return { kind: subject.denial }
      return subject.media_status === 'processing'
        ? { kind: 'processing', progress: subject.media_progress }
        : { kind: 'unavailable' }
    case 'none':
    case 'failed': {
      if (subject.stream_status === 'upcoming' && subject.event_utc_ts) {
        const startsAt = Date.parse(subject.event_utc_ts)
        if (Number.isNaN(startsAt) || startsAt > nowMs) {
          return { kind: 'upcoming', startsAt: subject.event_utc_ts, need }
        }
        return { kind: 'starting', need, live: false }
      }
      if (subject.stream_status === 'live') return { kind: 'starting', need, live: true }
      return { kind: 'no_video' }
    }
  }
}

/**
 * How often to ask for the detail again while its screen is waiting for something to change (the start,
 * the stream coming in, the encode finishing); false when nothing is expected.
 */
export function watchPollMs(screen: WatchScreen): number | false {
  switch (screen.kind) {
    case 'upcoming':
      return 60_000
    case 'starting':
      return 15_000
    case 'processing':
      return 10_000
    default:
      return false
  }
}
