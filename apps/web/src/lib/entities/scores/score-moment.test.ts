import { type ScoreAction, type ScoreTimeline, SPORTS } from '@fieldhouse/contract'
import { describe, expect, it } from 'vitest'
import { scoreLineOf } from './score-line'
import { latestEventScore, scoreMomentAt } from './score-moment'

const T0 = Date.UTC(2025, 11, 5, 19, 0, 0)
const base: Omit<ScoreAction, 'id' | 'type' | 't'> = {
  side: null,
  scoring: null,
  points: null,
  period: null,
  running: null,
  clock_ms: null,
  tag: null,
  target: null,
  source: 'scorer',
}
const at = (id: string, seconds: number, fields: Partial<ScoreAction> & Pick<ScoreAction, 'type'>): ScoreAction => ({
  ...base,
  id,
  t: T0 + seconds * 1000,
  ...fields,
})

/**
 * A basketball game on the stream's clock (the server applied the game's offset to every `t`): the
 * first quarter begins at 10 s with the clock running from 8:00, a three at 30 s, a two at 40 s taken
 * back at 45 s, a free throw for the away side at 50 s, the clock stopped at 60 s.
 */
const actions: ScoreAction[] = [
  at('p1', 10, { type: 'period', period: 1 }),
  at('c1', 10, { type: 'clock', running: true, clock_ms: 8 * 60_000 }),
  at('s1', 30, { type: 'score', side: 'home', scoring: 'three', points: 3 }),
  at('s2', 40, { type: 'score', side: 'home', scoring: 'two', points: 2 }),
  at('u1', 45, { type: 'undo', target: 's2' }),
  at('s3', 50, { type: 'score', side: 'away', scoring: 'free_throw', points: 1 }),
  at('c2', 60, { type: 'clock', running: false, clock_ms: 7 * 60_000 + 10_000 }),
]
const game = { sport: 'basketball', actions }
const secs = (s: number) => T0 + s * 1000

describe('scoreMomentAt', () => {
  it('draws nothing without a programme date or before the first action', () => {
    expect(scoreMomentAt(game, null)).toBeNull()
    expect(scoreMomentAt(game, secs(9.999))).toBeNull()
    expect(scoreMomentAt({ sport: 'basketball', actions: [] }, secs(100))).toBeNull()
  })

  it('applies an action from its own moment on, with the clock running between', () => {
    expect(scoreMomentAt(game, secs(10))).toEqual({
      home: 0,
      away: 0,
      period: 1,
      periodLabel: 'Q1',
      clock: '8:00',
      final: false,
      at: secs(10),
    })
    expect(scoreMomentAt(game, secs(29.9))).toMatchObject({ home: 0, clock: '7:41' })
    expect(scoreMomentAt(game, secs(30))).toMatchObject({ home: 3, away: 0, clock: '7:40' })
  })

  it('never shows an undone action, even before its undo (a replay, a DVR seek back)', () => {
    expect(scoreMomentAt(game, secs(42))).toMatchObject({ home: 3, away: 0 })
    expect(scoreMomentAt(game, secs(46))).toMatchObject({ home: 3, away: 0 })
  })

  it('reads the earlier score after a seek back, and the stopped clock after it stops', () => {
    const live = scoreMomentAt(game, secs(120))
    expect(live).toMatchObject({ home: 3, away: 1, clock: '7:10' })
    expect(scoreMomentAt(game, secs(35))).toMatchObject({ home: 3, away: 0, clock: '7:35' })
  })

  it('shows nothing while only undone actions have applied', () => {
    const undoneOnly = [
      at('a', 5, { type: 'score', side: 'home', points: 2 }),
      at('b', 6, { type: 'undo', target: 'a' }),
    ]
    expect(scoreMomentAt({ sport: 'basketball', actions: undoneOnly }, secs(10))).toBeNull()
  })

  it('follows the timeline’s offset: the same actions moved later show later', () => {
    const offset = 2_500
    const moved = { sport: 'basketball', actions: actions.map((a) => ({ ...a, t: a.t + offset })) }
    expect(scoreMomentAt(moved, secs(30))).toMatchObject({ home: 0 })
    expect(scoreMomentAt(moved, secs(32.5))).toMatchObject({ home: 3 })
    expect(scoreMomentAt(moved, secs(10))).toBeNull()
  })

  it('says Final with no clock once final, and keeps overtime labels', () => {
    const ended = [...actions, at('p5', 70, { type: 'period', period: 5 }), at('f', 80, { type: 'final' })]
    expect(scoreMomentAt({ sport: 'basketball', actions: ended }, secs(75))).toMatchObject({ periodLabel: 'OT' })
    expect(scoreMomentAt({ sport: 'basketball', actions: ended }, secs(90))).toMatchObject({
      home: 3,
      away: 1,
      final: true,
      clock: null,
    })
  })

  it('has no clock for a sport without one', () => {
    const sets = [at('p', 0, { type: 'period', period: 2 }), at('c', 1, { type: 'clock', running: true, clock_ms: 0 })]
    expect(scoreMomentAt({ sport: 'volleyball', actions: sets }, secs(5))).toMatchObject({
      periodLabel: 'S2',
      clock: null,
    })
  })
})

describe('latestEventScore', () => {
  const timeline = (status: ScoreTimeline['status'], list: ScoreAction[]) => ({ status, actions: list })
  it('is the score with every action applied', () => {
    expect(latestEventScore(timeline('live', actions))).toEqual({ home: 3, away: 1, period: 1, status: 'live' })
    expect(latestEventScore(timeline('final', actions))).toMatchObject({ status: 'final' })
    expect(latestEventScore(timeline('pending', []))).toBeNull()
    expect(latestEventScore(timeline('live', []))).toBeNull()
  })
})

describe('scoreLineOf', () => {
  const basketball = SPORTS.basketball!
  it('puts the side the card names first first: away @ home reads away–home', () => {
    expect(scoreLineOf({ home: 42, away: 39, period: 3, status: 'live' }, basketball)).toEqual({
      status: 'live',
      first: 39,
      second: 42,
      period: 'Q3',
    })
    expect(scoreLineOf({ home: 42, away: 39, period: 3, status: 'live' }, basketball, 'home')).toMatchObject({
      first: 42,
      second: 39,
    })
  })
  it('gives no period on a final or before the first', () => {
    expect(scoreLineOf({ home: 42, away: 39, period: 4, status: 'final' }, basketball).period).toBe('')
    expect(scoreLineOf({ home: 0, away: 0, period: 0, status: 'live' }, basketball).period).toBe('')
  })
})
