import type { ScoreAction } from '@fieldhouse/contract'
import { describe, expect, it } from 'vitest'
import { clipMomentAt, clipScoreMoment } from './clip-score-bug'

const T0 = Date.UTC(2025, 11, 5, 19, 0, 0)
const action = (
  id: string,
  seconds: number,
  fields: Partial<ScoreAction> & Pick<ScoreAction, 'type'>,
): ScoreAction => ({
  id,
  t: T0 + seconds * 1000,
  side: null,
  scoring: null,
  points: null,
  period: null,
  running: null,
  clock_ms: null,
  tag: null,
  target: null,
  source: 'scorer',
  ...fields,
})
/** Q2 from 100 s with the clock running from 8:00; home scores three at 130 s, away two at 150 s. */
const timeline = {
  sport: 'basketball',
  actions: [
    action('p2', 100, { type: 'period', period: 2 }),
    action('c2', 100, { type: 'clock', running: true, clock_ms: 8 * 60_000 }),
    action('s1', 130, { type: 'score', side: 'home', scoring: 'three', points: 3 }),
    action('s2', 150, { type: 'score', side: 'away', scoring: 'two', points: 2 }),
  ],
}

describe('clipMomentAt', () => {
  it('is the clip’s first picture on the stream’s clock plus the playback position', () => {
    expect(clipMomentAt(T0, 0)).toBe(T0)
    expect(clipMomentAt(T0, 12.5)).toBe(T0 + 12_500)
    expect(clipMomentAt(T0, -1)).toBe(T0)
  })
})

describe('clipScoreMoment', () => {
  // A clip cut from 125 s: its first picture is at T0 + 125 s.
  const start = T0 + 125_000
  it('draws the score at the picture’s moment as the clip plays through the play', () => {
    expect(clipScoreMoment(timeline, start, 0)).toMatchObject({ home: 0, away: 0, periodLabel: 'Q2', clock: '7:35' })
    expect(clipScoreMoment(timeline, start, 5)).toMatchObject({ home: 3, away: 0, at: T0 + 130_000 })
    expect(clipScoreMoment(timeline, start, 26)).toMatchObject({ home: 3, away: 2, clock: '7:09' })
  })
  it('draws nothing before the game’s first action', () => {
    expect(clipScoreMoment(timeline, T0 + 50_000, 10)).toBeNull()
  })
})
