import { randomUUID } from 'node:crypto'
import { sportOf } from '@fieldhouse/contract'
import { describe, expect, it } from 'vitest'
import { AppError } from '../../lib/errors.js'
import { type BatchContext, GAME_IS_FINAL, planBatch } from './score-batch.js'

const basketball = sportOf('basketball')
const ctx = (recorded: BatchContext['recorded'] = []): BatchContext => ({
  sport: basketball,
  tags: ['Dunk', 'Highlight'],
  recorded,
  receivedAt: 1_000_000,
  source: 'scorer',
  userId: 7,
})
const batch = (...actions: Record<string, unknown>[]) =>
  ({ sent_at: 500_000, actions: actions.map((a) => ({ id: randomUUID(), at: 500_000, ...a })) }) as never
const failure = (fn: () => unknown) => {
  try {
    fn()
  } catch (error) {
    if (error instanceof AppError) return { status: error.statusCode, errors: error.errors, message: error.message }
  }
  throw new Error('no AppError')
}

describe('a batch of score actions', () => {
  it('takes the points from the rules, the tag as the channel spells it, and the time on the stream’s clock', () => {
    const plan = planBatch(
      batch(
        { type: 'score', side: 'home', scoring: 'three', at: 498_000 },
        { type: 'tag', tag: 'dUNK', side: 'home' },
        { type: 'clock', running: true, clock_ms: 480_000 },
      ),
      ctx(),
    )
    expect(plan.rows.map((r) => [r.type, r.points, r.tag, r.running, r.stream_ms, r.user_id])).toEqual([
      ['score', 3, null, null, 998_000, 7],
      ['tag', null, 'Dunk', null, 1_000_000, 7],
      ['clock', null, null, 1, 1_000_000, 7],
    ])
    expect(plan.recorded).toHaveLength(3)
    expect(plan.final).toBe(false)
  })

  it('records an id already recorded once: it is named, and nothing new is written', () => {
    const id = randomUUID()
    const again = planBatch(
      batch({ id, type: 'score', side: 'away', scoring: 'two' }),
      ctx([{ uid: id, type: 'score', target: null }]),
    )
    expect(again.rows).toEqual([])
    expect(again.recorded).toEqual([id])
  })

  it('refuses a scoring, a tag or an undo target the game does not have, field by field', () => {
    const f = failure(() =>
      planBatch(
        batch(
          { type: 'score', side: 'home', scoring: 'goal' },
          { type: 'tag', tag: 'Touchdown' },
          { type: 'undo', target: randomUUID() },
        ),
        ctx(),
      ),
    )
    expect(f.status).toBe(422)
    expect(f.errors).toEqual({
      'actions.0.scoring': ['Choose a scoring action of Basketball'],
      'actions.1.tag': ["Choose one of the channel's clip tags for Basketball"],
      'actions.2.target': ['Undo an action recorded for this game'],
    })
  })

  it('undoes an action recorded before or earlier in the batch, never an undo', () => {
    const earlier = randomUUID()
    const basket = randomUUID()
    const input = batch({ id: basket, type: 'score', side: 'home', scoring: 'two' }, { type: 'undo', target: basket })
    expect(planBatch(input, ctx()).rows.map((r) => r.target)).toEqual([null, basket])
    const undo = randomUUID()
    const recorded = [
      { uid: earlier, type: 'score' as const, target: null },
      { uid: undo, type: 'undo' as const, target: earlier },
    ]
    expect(planBatch(batch({ type: 'undo', target: earlier }), ctx(recorded)).rows).toHaveLength(1)
    expect(failure(() => planBatch(batch({ type: 'undo', target: undo }), ctx(recorded))).status).toBe(422)
  })

  it('refuses anything after the final (409) but the undo of the final, which reopens the game', () => {
    const final = randomUUID()
    const recorded = [{ uid: final, type: 'final' as const, target: null }]
    const late = failure(() => planBatch(batch({ type: 'score', side: 'home', scoring: 'two' }), ctx(recorded)))
    expect([late.status, late.message]).toEqual([409, GAME_IS_FINAL])
    const reopened = planBatch(
      batch({ type: 'undo', target: final }, { type: 'score', side: 'home', scoring: 'two' }),
      ctx(recorded),
    )
    expect(reopened.rows.map((r) => r.type)).toEqual(['undo', 'score'])
    expect(reopened.final).toBe(false)
    expect(planBatch(batch({ type: 'final' }), ctx()).final).toBe(true)
  })
})
