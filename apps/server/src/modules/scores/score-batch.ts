import type { ScoreActionsInput, SportRules } from '@fieldhouse/contract'
import type { ScoreActionTable } from '../../db/schema.js'
import { conflict, type FieldErrors, invalid } from '../../lib/errors.js'
import { streamMsOf } from './stream-clock.js'

export const GAME_IS_FINAL = 'This game is final.'

/** What a batch is checked against: what the game holds and what the channel allows. */
export interface BatchContext {
  sport: SportRules
  /** The channel's clip tags for the game's sport and for every sport, each as the channel spells it. */
  tags: readonly string[]
  /** The game's recorded actions, in the order they were recorded. */
  recorded: readonly { uid: string; type: ScoreActionTable['type']; target: string | null }[]
  receivedAt: number
  source: ScoreActionTable['source']
  userId: number | null
  /** Every action's moment on the stream's clock, when it is known (an accepted suggestion's), not the sender's. */
  streamMs?: number
}

export type PlannedAction = Omit<ScoreActionTable, 'id' | 'channel_id' | 'event_id'>

/** The finals of the game not taken back by an undo: while there is one, the game is final. */
export function standingFinals(recorded: BatchContext['recorded']): Set<string> {
  const undone = new Set(recorded.filter((a) => a.type === 'undo' && a.target).map((a) => a.target as string))
  return new Set(recorded.filter((a) => a.type === 'final' && !undone.has(a.uid)).map((a) => a.uid))
}

/**
 * What a batch records (decision 0057): each action new to the game, in order, with its points taken
 * from the sport's rules and its time on the stream's clock; an id already recorded (a resent batch)
 * records nothing and is still named in `recorded`. Throws 422 field by field for a scoring the sport
 * does not have, a tag the channel does not have, an undo of nothing; 409 for an action after the
 * final, except the undo of that final, which reopens the game.
 */
export function planBatch(input: ScoreActionsInput, ctx: BatchContext) {
  const known = new Map(ctx.recorded.map((a) => [a.uid, a]))
  const finals = standingFinals(ctx.recorded)
  const rows: PlannedAction[] = []
  const recorded: string[] = []
  const errors: FieldErrors = {}
  const tags = new Map(ctx.tags.map((t) => [t.toLowerCase(), t]))
  input.actions.forEach((a, i) => {
    recorded.push(a.id)
    if (known.has(a.id)) return
    if (finals.size > 0 && !(a.type === 'undo' && finals.has(a.target))) throw conflict(GAME_IS_FINAL)
    const row: PlannedAction = {
      uid: a.id,
      type: a.type,
      side: null,
      scoring: null,
      points: null,
      period: null,
      running: null,
      clock_ms: null,
      tag: null,
      target: null,
      stream_ms: ctx.streamMs ?? streamMsOf(ctx.receivedAt, input.sent_at, a.at),
      source: ctx.source,
      user_id: ctx.userId,
      created_at: ctx.receivedAt,
    }
    const field = (name: string, message: string) => {
      errors[`actions.${i}.${name}`] = [message]
    }
    if (a.type === 'score') {
      const rule = ctx.sport.scoring.find((s) => s.id === a.scoring)
      if (!rule) field('scoring', `Choose a scoring action of ${ctx.sport.name}`)
      Object.assign(row, { side: a.side, scoring: a.scoring, points: rule?.points ?? null })
    } else if (a.type === 'period') row.period = a.period
    else if (a.type === 'clock') Object.assign(row, { running: a.running ? 1 : 0, clock_ms: a.clock_ms })
    else if (a.type === 'tag') {
      const tag = tags.get(a.tag.toLowerCase())
      if (!tag) field('tag', `Choose one of the channel's clip tags for ${ctx.sport.name}`)
      Object.assign(row, { tag: tag ?? a.tag, side: a.side ?? null })
    } else if (a.type === 'undo') {
      const target = known.get(a.target)
      if (!target || target.type === 'undo') field('target', 'Undo an action recorded for this game')
      row.target = a.target
      finals.delete(a.target)
    } else finals.add(a.id)
    known.set(a.id, { uid: a.id, type: a.type, target: row.target })
    rows.push(row)
  })
  if (Object.keys(errors).length > 0) throw invalid(errors)
  return { rows, recorded: [...new Set(recorded)], final: finals.size > 0 }
}
