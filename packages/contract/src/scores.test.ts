import { describe, expect, it } from 'vitest'
import {
  clockReading,
  formatGameClock,
  periodLabel,
  type ScoreAction,
  ScoreActionInputSchema,
  ScoreGameUpdateSchema,
  SPORTS,
  scoreAt,
  sportOf,
} from './scores.js'

let n = 0
const act = (t: number, over: Partial<ScoreAction>): ScoreAction => ({
  id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  type: 'score',
  t,
  side: null,
  scoring: null,
  points: null,
  period: null,
  running: null,
  clock_ms: null,
  tag: null,
  target: null,
  source: 'scorer',
  ...over,
})
const basket = (t: number, side: 'home' | 'away', points: number) => act(t, { side, points, scoring: 'x' })
const basketball = sportOf('basketball')

describe('scoreAt', () => {
  const period1 = act(0, { type: 'period', period: 1 })
  const a = basket(10_000, 'home', 2)
  const b = basket(20_000, 'away', 3)
  const c = basket(30_000, 'home', 1)
  const actions = [period1, a, b, c]

  it('applies every action at or before the time, none after', () => {
    expect(scoreAt(actions, -1)).toMatchObject({ home: 0, away: 0, period: 0, applied: 0 })
    expect(scoreAt(actions, 9_999)).toMatchObject({ home: 0, away: 0, period: 1 })
    expect(scoreAt(actions, 10_000)).toMatchObject({ home: 2, away: 0 })
    expect(scoreAt(actions, 25_000)).toMatchObject({ home: 2, away: 3 })
    expect(scoreAt(actions, 1e15)).toMatchObject({ home: 3, away: 3, applied: 4 })
  })

  it('takes an undone action back at every time, before its undo as after', () => {
    const undo = act(40_000, { type: 'undo', target: b.id })
    const withUndo = [...actions, undo]
    expect(scoreAt(withUndo, 25_000)).toMatchObject({ home: 2, away: 0 })
    expect(scoreAt(withUndo, 50_000)).toMatchObject({ home: 3, away: 0 })
  })

  it('moves with the offset the timeline applied (every t shifted alike)', () => {
    const shifted = actions.map((x) => ({ ...x, t: x.t + 5_000 }))
    expect(scoreAt(shifted, 14_999)).toMatchObject({ home: 0 })
    expect(scoreAt(shifted, 15_000)).toMatchObject({ home: 2 })
  })

  it('runs the game clock down from a clock action and stops it at the period and the final', () => {
    const start = act(0, { type: 'clock', running: true, clock_ms: 480_000 })
    const s1 = scoreAt([start], 60_500, basketball)
    expect(s1.clock).toEqual({ running: true, ms: 480_000, since: 0 })
    expect(clockReading(s1.clock!, 60_500, basketball)).toBe(419_500)
    expect(clockReading(s1.clock!, 10_000_000, basketball)).toBe(0)
    const q2 = act(600_000, { type: 'period', period: 2 })
    expect(scoreAt([start, q2], 700_000, basketball).clock).toEqual({ running: false, ms: 480_000, since: 600_000 })
    const final = act(100_000, { type: 'final' })
    const over = scoreAt([start, final], 200_000, basketball)
    expect(over.final).toBe(true)
    expect(over.clock).toEqual({ running: false, ms: 380_000, since: 100_000 })
  })

  it('counts a soccer clock up, each half starting where the last ended', () => {
    const soccer = sportOf('soccer')
    const h1 = act(0, { type: 'clock', running: true, clock_ms: 0 })
    expect(clockReading(scoreAt([h1], 65_000, soccer).clock!, 65_000, soccer)).toBe(65_000)
    const h2 = act(3_000_000, { type: 'period', period: 2 })
    expect(scoreAt([h1, h2], 3_000_001, soccer).clock?.ms).toBe(40 * 60_000)
  })

  it('keeps no clock for a game scored without one', () => {
    expect(scoreAt([act(0, { type: 'period', period: 2 })], 1, basketball).clock).toBeNull()
  })
})

describe('the sports', () => {
  it('scores basketball 1, 2 and 3; soccer and hockey goals; football 6, 3, 2, 1', () => {
    expect(SPORTS.basketball?.scoring.map((s) => s.points)).toEqual([1, 2, 3])
    expect(SPORTS.soccer?.scoring).toEqual([{ id: 'goal', label: 'Goal', points: 1 }])
    expect(SPORTS.hockey?.scoring.map((s) => s.points)).toEqual([1])
    expect(SPORTS.football?.scoring.map((s) => s.points).sort()).toEqual([1, 2, 2, 3, 6])
  })

  it('falls back to one point a score for a sport not listed', () => {
    expect(sportOf('curling').alias).toBe('other')
    expect(sportOf(null).scoring).toEqual([{ id: 'point', label: 'Point', points: 1 }])
  })

  it('names each sport by its alias, with unique scoring ids and a clip window', () => {
    for (const [alias, sport] of Object.entries(SPORTS)) {
      expect(sport.alias).toBe(alias)
      expect(new Set(sport.scoring.map((s) => s.id)).size).toBe(sport.scoring.length)
      expect(sport.key_play.before).toBeGreaterThan(0)
    }
  })

  it('writes periods, overtimes after regulation', () => {
    expect(periodLabel(basketball, 3)).toBe('Q3')
    expect(periodLabel(basketball, 5)).toBe('OT')
    expect(periodLabel(basketball, 6)).toBe('OT2')
    expect(periodLabel(sportOf('soccer'), 2)).toBe('H2')
    expect(periodLabel(basketball, 0)).toBe('')
  })

  it('writes a game clock', () => {
    expect(formatGameClock(480_000)).toBe('8:00')
    expect(formatGameClock(59_001)).toBe('1:00')
    expect(formatGameClock(59_000)).toBe('0:59')
    expect(formatGameClock(65_999, 'up')).toBe('1:05')
    expect(formatGameClock(3_725_000, 'up')).toBe('1:02:05')
  })
})

describe('the inputs', () => {
  it('takes each action type and refuses what is not one', () => {
    const id = '3f1b2c1e-5a1d-4f0a-9d7e-6b1a2c3d4e5f'
    expect(ScoreActionInputSchema.safeParse({ id, at: 1, type: 'score', side: 'home', scoring: 'three' }).success).toBe(
      true,
    )
    expect(ScoreActionInputSchema.safeParse({ id, at: 1, type: 'tag', tag: 'Dunk' }).success).toBe(true)
    expect(ScoreActionInputSchema.safeParse({ id, at: 1, type: 'undo', target: id }).success).toBe(true)
    expect(ScoreActionInputSchema.safeParse({ id, at: 1, type: 'score', side: 'left', scoring: 'x' }).success).toBe(
      false,
    )
    expect(ScoreActionInputSchema.safeParse({ id: 'x', at: 1, type: 'final' }).success).toBe(false)
    expect(ScoreActionInputSchema.safeParse({ id, at: 1, type: 'clock', running: true, clock_ms: -1 }).success).toBe(
      false,
    )
  })

  it('bounds the offset to two minutes and the sport to those known', () => {
    expect(ScoreGameUpdateSchema.safeParse({ offset_ms: 120_001 }).error?.issues[0]?.message).toBe(
      'An offset is at most two minutes',
    )
    expect(ScoreGameUpdateSchema.safeParse({ sport: 'curling' }).success).toBe(false)
    expect(ScoreGameUpdateSchema.parse({ sport: 'hockey', offset_ms: -3_000 })).toEqual({
      sport: 'hockey',
      offset_ms: -3_000,
    })
  })
})
