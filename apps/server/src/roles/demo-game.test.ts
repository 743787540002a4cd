import { ScoreActionInputSchema, sportOf } from '@fieldhouse/contract'
import { describe, expect, it } from 'vitest'
import { DEMO_MISSED_PLAY_SECOND, DEMO_PERIOD_SECONDS, demoAction, demoCrowd, demoPlays } from './demo-game.js'

describe('the demo game', () => {
  const basketball = sportOf('basketball')

  it('scores for both sides through a period with the sport’s own actions, tagging every third', () => {
    const plays = demoPlays(basketball)
    const scores = plays.filter((p) => p.action.type === 'score')
    expect(scores.length).toBeGreaterThanOrEqual(8)
    expect(new Set(scores.map((p) => (p.action as { side: string }).side))).toEqual(new Set(['home', 'away']))
    for (const p of scores)
      expect(basketball.scoring.map((s) => s.id)).toContain((p.action as { scoring: string }).scoring)
    expect(plays.filter((p) => p.action.type === 'tag').map((p) => (p.action as { tag: string }).tag)[0]).toBe('Dunk')
    expect(Math.max(...plays.map((p) => p.atSec))).toBeLessThan(DEMO_PERIOD_SECONDS)
  })

  it('scores a few goals a period in soccer', () => {
    const goals = demoPlays(sportOf('soccer')).filter((p) => p.action.type === 'score')
    expect(goals.length).toBeGreaterThanOrEqual(2)
    expect(goals.length).toBeLessThanOrEqual(3)
  })

  it('cheers at every score and at one play the scorer misses, repeating each period', () => {
    const crowd = demoCrowd(basketball)
    const scored = demoPlays(basketball).filter((p) => p.action.type === 'score')
    expect(crowd.cheers.map((c) => c.atSec).sort((a, b) => a - b)).toEqual(
      [...scored.map((p) => p.atSec), DEMO_MISSED_PLAY_SECOND].sort((a, b) => a - b),
    )
    expect(scored.some((p) => Math.abs(p.atSec - DEMO_MISSED_PLAY_SECOND) < 15)).toBe(false)
    expect(crowd.periodSec).toBe(DEMO_PERIOD_SECONDS)
  })

  it('sends actions the score API takes', () => {
    for (const p of demoPlays(basketball))
      expect(ScoreActionInputSchema.safeParse(demoAction(p.action, 1000)).success).toBe(true)
    expect(ScoreActionInputSchema.safeParse(demoAction({ type: 'period', period: 2 }, 5)).success).toBe(true)
  })
})
