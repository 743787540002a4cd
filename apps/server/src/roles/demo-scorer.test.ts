import { type ScoreActionInput, sportOf } from '@fieldhouse/contract'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEMO_PERIOD_SECONDS, demoPlays } from './demo-game.js'
import { demoScorer } from './demo-scorer.js'

const log = { warn: vi.fn(), info: vi.fn() }

beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }))
afterEach(() => vi.useRealTimers())

function scorerOf(sportAlias: string, state = { status: 'pending' as const, period: 0 }) {
  const sent: ScoreActionInput[] = []
  const scorer = demoScorer({
    sport: sportOf(sportAlias),
    record: async (actions) => sent.push(...actions),
    state: async () => state,
    log,
  })
  return { sent, scorer }
}

describe('the demo scorer', () => {
  it('starts a period with its clock running, then scores each play at its second of the feed', async () => {
    const { sent, scorer } = scorerOf('basketball')
    await scorer.feedStarted(Date.now())
    await vi.advanceTimersByTimeAsync(0)
    expect(sent.map((a) => a.type)).toEqual(['period', 'clock'])
    expect(sent[1]).toMatchObject({ type: 'clock', running: true, clock_ms: DEMO_PERIOD_SECONDS * 1000 })
    const first = demoPlays(sportOf('basketball'))[0]
    await vi.advanceTimersByTimeAsync((first?.atSec ?? 0) * 1000)
    expect(sent[2]).toMatchObject({ ...first?.action, at: 1_000_000 + (first?.atSec ?? 0) * 1000 })
    scorer.stop()
  })

  it('plays the regulation periods and marks the game final, then stops', async () => {
    const { sent, scorer } = scorerOf('hockey')
    await scorer.feedStarted(Date.now())
    await vi.advanceTimersByTimeAsync(4 * DEMO_PERIOD_SECONDS * 1000)
    expect(sent.filter((a) => a.type === 'period').map((a) => (a as { period: number }).period)).toEqual([1, 2, 3])
    expect(sent.at(-1)?.type).toBe('final')
    const count = sent.length
    await vi.advanceTimersByTimeAsync(10 * DEMO_PERIOD_SECONDS * 1000)
    expect(sent.length).toBe(count)
  })

  it('continues with the next period when the feed starts again, and leaves a final game alone', async () => {
    const going = scorerOf('soccer', { status: 'live' as never, period: 1 })
    await going.scorer.feedStarted(Date.now())
    await vi.advanceTimersByTimeAsync(0)
    expect(going.sent[0]).toMatchObject({ type: 'period', period: 2 })
    going.scorer.stop()
    const over = scorerOf('soccer', { status: 'final' as never, period: 2 })
    await over.scorer.feedStarted(Date.now())
    await vi.advanceTimersByTimeAsync(DEMO_PERIOD_SECONDS * 1000)
    expect(over.sent).toEqual([])
  })
})
