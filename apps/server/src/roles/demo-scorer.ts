import type { ScoreActionInput, ScoreStatus, SportRules } from '@fieldhouse/contract'
import type { FastifyBaseLogger } from 'fastify'
import { DEMO_PERIOD_SECONDS, demoAction, demoPlays } from './demo-game.js'

export interface DemoScorerDeps {
  sport: SportRules
  /** Records actions as the demo's scorer (`ScoresService.recordIn` with source `demo`). */
  record: (actions: ScoreActionInput[]) => Promise<unknown>
  /** The game's score status and period now. */
  state: () => Promise<{ status: ScoreStatus; period: number }>
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>
  clock?: () => number
}

/**
 * The demo live game's scorer (decision 0057): while the simulated feed publishes, it keeps the score
 * as a volunteer would — a period per `DEMO_PERIOD_SECONDS` of feed with the clock running, the plays
 * of `demoPlays` at the seconds the feed's crowd cheers them, a tag on every third — and marks the game
 * final after the sport's regulation periods. A feed that starts again starts the next period with it.
 * A game already final is left as it is.
 */
export function demoScorer(d: DemoScorerDeps) {
  const clock = d.clock ?? Date.now
  const plays = demoPlays(d.sport)
  let timer: NodeJS.Timeout | undefined
  let generation = 0

  const send = (actions: ScoreActionInput[]) =>
    d.record(actions).catch((err) => d.log.warn({ err }, 'the demo scorer’s action was not recorded'))

  /** Runs one period from `startAt` (ms), then the next, until the last one ends. */
  const runPeriod = (period: number, startAt: number, mine: number) => {
    if (mine !== generation) return
    const last = period > d.sport.periods.count
    const steps: { at: number; actions: () => ScoreActionInput[] }[] = [
      {
        at: startAt,
        actions: () => {
          const now = clock()
          if (last) return [demoAction({ type: 'final' }, now)]
          const start = [demoAction({ type: 'period', period }, now)]
          if (d.sport.clock) {
            const clockMs = DEMO_PERIOD_SECONDS * 1000
            const reading = d.sport.clock.direction === 'down' ? clockMs : (period - 1) * clockMs
            start.push(demoAction({ type: 'clock', running: true, clock_ms: reading }, now))
          }
          return start
        },
      },
      ...(last
        ? []
        : plays.map((p) => ({ at: startAt + p.atSec * 1000, actions: () => [demoAction(p.action, clock())] }))),
    ]
    const next = (i: number) => {
      if (mine !== generation) return
      const step = steps[i]
      if (!step) {
        if (!last) runPeriod(period + 1, startAt + DEMO_PERIOD_SECONDS * 1000, mine)
        return
      }
      timer = setTimeout(
        () => {
          void send(step.actions()).then(() => next(i + 1))
        },
        Math.max(0, step.at - clock()),
      )
      timer.unref()
    }
    next(0)
  }

  return {
    /** The feed (re)started at `at` (ms): the next period starts with it. */
    async feedStarted(at: number) {
      const mine = ++generation
      clearTimeout(timer)
      const state = await d.state().catch(() => null)
      if (!state || state.status === 'final' || mine !== generation) return
      runPeriod(state.period + 1, at, mine)
    },
    stop() {
      generation++
      clearTimeout(timer)
    },
  }
}
