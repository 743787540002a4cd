import {
  GAME_DAY_NEXT_GAMES,
  type GameDayEncoder,
  type GameDayKeyPlay,
  type GameDayNextGame,
  type GameDayScore,
  HOUR,
  type ScoreGame,
} from '@fieldhouse/contract'

/** A game that has not gone live this long after its start is still listed as next (a late start). */
export const LATE_START_MS = HOUR
/** The most key plays the home lists. */
export const GAME_DAY_KEY_PLAYS = 20

/** What the Go live page shows of the encoder: receiving, else ended once the stream is the replay, else waiting. */
export function encoderOf(receiving: boolean, streamStatus: string): GameDayEncoder {
  if (receiving) return 'receiving'
  return streamStatus === 'vod' ? 'ended' : 'waiting'
}

/** Live now: the encoder is heard, the event is live, or its score is being kept. */
export const isLiveGame = (game: ScoreGame, receiving: boolean) =>
  receiving || game.stream_status === 'live' || game.status === 'live'

/** The score once something is recorded; null while the game is pending. */
export const scoreOf = (game: ScoreGame): GameDayScore | null =>
  game.status === 'pending' ? null : { ...game.score, status: game.status }

/**
 * The next games: not live, nothing recorded, not yet the replay, starting from an hour ago (a late
 * start) until `until` (the end of tomorrow on the channel's clock); soonest first, at most five.
 */
export function nextGames(games: readonly ScoreGame[], live: ReadonlySet<number>, now: number, until: number) {
  return games
    .filter((g) => !live.has(g.event_id) && g.status === 'pending' && g.stream_status !== 'vod')
    .map((g) => ({ g, at: Date.parse(g.starts_at) }))
    .filter(({ at }) => at >= now - LATE_START_MS && at < until)
    .sort((a, b) => a.at - b.at || a.g.event_id - b.g.event_id)
    .slice(0, GAME_DAY_NEXT_GAMES)
    .map(
      ({ g }): GameDayNextGame => ({
        event_id: g.event_id,
        name: g.name,
        starts_at: g.starts_at,
        home: g.home.name,
        away: g.away.name,
      }),
    )
}

/** Today's key plays, newest moment first, at most twenty. */
export const newestKeyPlays = (plays: readonly GameDayKeyPlay[]) =>
  [...plays].sort((a, b) => b.t - a.t || b.id - a.id).slice(0, GAME_DAY_KEY_PLAYS)
