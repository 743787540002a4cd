import { type EventScore, periodLabel, type SportRules } from '@fieldhouse/contract'

/** An event's score as a card or a header writes it, in the order the card names the teams. */
export interface ScoreLine {
  status: EventScore['status']
  /** The score of the team named first (the away team on a card: "away @ home"). */
  first: number
  second: number
  /** "Q3", "OT"…; empty before the first period, and on a final. */
  period: string
}

/**
 * How a card writes `score`: the first number is the side the card names first, so "Riverside @
 * Northfield" with Northfield 42, Riverside 39 reads "39–42". `firstSide` is `away` wherever the event
 * reads "away @ home" (every two-team event), `home` otherwise.
 */
export function scoreLineOf(score: EventScore, sport: SportRules, firstSide: 'home' | 'away' = 'away'): ScoreLine {
  const secondSide = firstSide === 'away' ? 'home' : 'away'
  return {
    status: score.status,
    first: score[firstSide],
    second: score[secondSide],
    period: score.status === 'live' ? periodLabel(sport, score.period) : '',
  }
}
