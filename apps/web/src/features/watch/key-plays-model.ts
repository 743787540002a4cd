import { type KeyPlay, periodLabel, type SportRules } from '@fieldhouse/contract'
import { formatPlayerTime, type Player, type TimelineMark } from '@fieldhouse/player'
import { paths } from '../../lib/navigation/paths'

/** The seek-bar group of the key plays (`Player.setMarks`). */
export const KEY_PLAYS_MARKS = 'key-plays'

/** Seconds before a key play's moment that pressing it plays from: the moment, seen coming. */
export const KEY_PLAY_LEAD_S = 3

/** Where pressing a key play seeks to: its position a little before, never before the recording's start. */
export function keyPlaySeekTarget(position: number): number {
  return Math.max(0, position - KEY_PLAY_LEAD_S)
}

/** The key plays' marks on the seek bar: those the recording holds, at their position, named by their label. */
export function keyPlayMarks(keyPlays: readonly KeyPlay[]): Omit<TimelineMark, 'group'>[] {
  return keyPlays.flatMap((play) => (play.position === null ? [] : [{ time: play.position, label: play.label }]))
}

/** One entry of the watch page's "Key plays" list, as words. */
export interface KeyPlayEntry {
  id: number
  label: string
  /** The position in the recording as m:ss (h:mm:ss past an hour); null until recorded. */
  time: string | null
  /** The period ("Q2"); empty before the first. */
  period: string
  /** The score at the moment, away first as cards write it ("24–21"). */
  score: string
  /** Where pressing it seeks; null until recorded. */
  seekTo: number | null
  /** The official clip is cut and plays. */
  clipReady: boolean
  /** Its share page (`/share/{id}/{uuid}`, which plays it) once ready. */
  clipHref: string | null
  poster: string | null
}

export function keyPlayEntry(play: KeyPlay, sport: SportRules): KeyPlayEntry {
  const ready = play.clip !== null && play.clip.status === 'ready'
  return {
    id: play.id,
    label: play.label,
    time: play.position === null ? null : formatPlayerTime(play.position),
    period: periodLabel(sport, play.score.period),
    score: `${play.score.away}–${play.score.home}`,
    seekTo: play.position === null ? null : keyPlaySeekTarget(play.position),
    clipReady: ready,
    clipHref: ready && play.clip ? paths.share(play.clip.id, play.clip.uuid) : null,
    poster: ready ? (play.clip?.poster ?? null) : null,
  }
}

/**
 * The moment an entry names besides its position: the period and the score then, away first
 * ("Q2 · 24–21"); `hiddenText` ("Score hidden") stands for the score while spoiler-free hides it.
 */
export function keyPlayMomentText(entry: Pick<KeyPlayEntry, 'period' | 'score'>, hiddenText: string | null): string {
  return [entry.period, hiddenText ?? entry.score].filter(Boolean).join(' · ')
}

type Seekable = Pick<Player, 'getState' | 'subscribe' | 'seek' | 'play' | 'start'>

/**
 * Plays the programme from `time` (seconds on the seek bar's scale). Started already: seeks and plays.
 * Not yet: starts it (a pre-roll first, if any) and seeks once the programme plays and its window
 * reaches the time (or has any length: the core keeps a seek inside it). Returns a cancel for the wait.
 */
export function playFrom(player: Seekable, time: number): () => void {
  const ready = () => {
    const state = player.getState()
    return state.started && state.preroll === null && state.window.end > 0
  }
  if (ready()) {
    player.seek(time)
    player.play()
    return () => {}
  }
  let stop = () => {}
  stop = player.subscribe(() => {
    if (!ready()) return
    stop()
    // After the start's own placing of the playhead (a live stream joins at its edge) has run.
    queueMicrotask(() => player.seek(time))
  })
  if (player.getState().started) player.play()
  else player.start()
  return () => stop()
}
