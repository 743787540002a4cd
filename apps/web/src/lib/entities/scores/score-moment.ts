import {
  clockReading,
  type EventScore,
  formatGameClock,
  periodLabel,
  type ScoreTimeline,
  type SportRules,
  scoreAt,
  sportOf,
} from '@fieldhouse/contract'

/** What the score bug draws at one moment of the programme. */
export interface ScoreMoment {
  home: number
  away: number
  /** 0 before the first period is set. */
  period: number
  /** "Q3", "OT", "H2"…; empty before the first period. */
  periodLabel: string
  /** The game clock as it reads (`7:42`); null for a sport without a clock, one not started, or a final. */
  clock: string | null
  final: boolean
  /** The programme time (ms on the stream's clock) it is the score of. */
  at: number
}

/**
 * The state to draw at programme time `t` (ms on the stream's clock, `ProgrammeTime.date`): the
 * contract's `scoreAt` over the timeline and the clock's reading at `t`. Null without a time, before the
 * first action, or while nothing has applied yet (only undone actions so far): there is nothing to show.
 */
export function scoreMomentAt(
  timeline: Pick<ScoreTimeline, 'actions' | 'sport'>,
  t: number | null,
  sport: SportRules = sportOf(timeline.sport),
): ScoreMoment | null {
  const first = timeline.actions[0]
  if (t === null || !first || t < first.t) return null
  const state = scoreAt(timeline.actions, t, sport)
  if (state.applied === 0) return null
  const clock =
    sport.clock && state.clock && !state.final
      ? formatGameClock(clockReading(state.clock, t, sport), sport.clock.direction)
      : null
  return {
    home: state.home,
    away: state.away,
    period: state.period,
    periodLabel: periodLabel(sport, state.period),
    clock,
    final: state.final,
    at: t,
  }
}

/**
 * The score now, as event lists carry it (`EventScore`): every action applied. Null while nothing is
 * kept (a pending game, or every action undone).
 */
export function latestEventScore(timeline: Pick<ScoreTimeline, 'actions' | 'status'>): EventScore | null {
  if (timeline.status === 'pending') return null
  const state = scoreAt(timeline.actions, Number.POSITIVE_INFINITY)
  if (state.applied === 0 && timeline.status !== 'final') return null
  return {
    home: state.home,
    away: state.away,
    period: state.period,
    status: state.final || timeline.status === 'final' ? 'final' : 'live',
  }
}
