import type {
  ScoreAction,
  ScoreGame,
  ScoreSuggestion,
  ScoreTeam,
  ScoreTimeline,
  SportRules,
} from '@fieldhouse/contract'
import type { ScoreActionRow, ScoreGameRow, ScoreSuggestionRow } from '../../db/schema.js'
import type { ScoreEventRow, ScoreTeamRow } from './scores.repository.js'

/** One action as the timeline serves it: `t` on the stream's clock with the game's offset applied. */
export const presentAction = (r: ScoreActionRow, offsetMs: number): ScoreAction => ({
  id: r.uid,
  type: r.type,
  t: r.stream_ms + offsetMs,
  side: r.side,
  scoring: r.scoring,
  points: r.points,
  period: r.period,
  running: r.running === null ? null : r.running === 1,
  clock_ms: r.clock_ms,
  tag: r.tag,
  target: r.target,
  source: r.source,
})

/** A suggestion as the board shows it: `t` its moment on the stream's clock, as an action's `t` is served. */
export const presentSuggestion = (r: ScoreSuggestionRow): ScoreSuggestion => ({
  id: r.id,
  t: r.stream_ms,
  rise_lu: Math.round(r.rise_lu * 10) / 10,
  status: r.status,
})

/** A side the game has no team for yet: named by its side. */
const unnamedTeam = (side: 'home' | 'away'): ScoreTeam =>
  side === 'home'
    ? { name: 'Home', short_name: 'HOME', color: null }
    : { name: 'Away', short_name: 'AWAY', color: null }

/** The event's home and away teams (its first participant of each side), or a plain Home and Away. */
export function teamsOf(rows: ScoreTeamRow[], eventId: number): { home: ScoreTeam; away: ScoreTeam } {
  const of = (side: 'home' | 'away') => {
    const r = rows.find((t) => t.event_id === eventId && t.side === side)
    return r ? { name: r.name, short_name: r.short_name, color: r.color } : unnamedTeam(side)
  }
  return { home: of('home'), away: of('away') }
}

/** The alias of a category's top-level ancestor (its sport), or null. */
export function topAlias(categories: { id: number; parent_id: number | null; alias: string }[], id: number | null) {
  const byId = new Map(categories.map((c) => [c.id, c]))
  let c = id !== null ? byId.get(id) : undefined
  for (let hops = 0; c?.parent_id != null && hops < 20; hops++) c = byId.get(c.parent_id)
  return c?.alias ?? null
}

export interface GameFacts {
  event: ScoreEventRow
  sport: SportRules
  teams: { home: ScoreTeam; away: ScoreTeam }
}

export function presentTimeline(
  facts: GameFacts,
  game: ScoreGameRow | undefined,
  actions: ScoreActionRow[],
): ScoreTimeline {
  const offset = game?.offset_ms ?? 0
  return {
    event_id: facts.event.id,
    sport: facts.sport.alias,
    offset_ms: offset,
    status: game?.status ?? 'pending',
    ...facts.teams,
    actions: actions.map((a) => presentAction(a, offset)),
    version: game?.version ?? 0,
  }
}

export function presentGame(
  facts: GameFacts,
  game: Pick<ScoreGameRow, 'status' | 'home' | 'away' | 'period'> | undefined,
): ScoreGame {
  return {
    event_id: facts.event.id,
    name: facts.event.name,
    starts_at: new Date(facts.event.event_utc_ts).toISOString(),
    stream_status: facts.event.stream_status,
    sport: facts.sport.alias,
    status: game?.status ?? 'pending',
    ...facts.teams,
    score: { home: game?.home ?? 0, away: game?.away ?? 0, period: game?.period ?? 0 },
  }
}
