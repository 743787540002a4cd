import {
  type ScoreActionsInput,
  type ScoreActionsResult,
  type ScoreBoard,
  type ScoreGame,
  type ScoreGameUpdate,
  type ScoreTimeline,
  scoreAt,
  sportOf,
} from '@fieldhouse/contract'
import type { ScoreActionTable, ScoreGameRow } from '../../db/schema.js'
import { invalid, notFound } from '../../lib/errors.js'
import type { AuditSink, Operator } from '../../lib/operator.js'
import type { Session } from '../../lib/session.js'
import { type PlannedAction, planBatch } from './score-batch.js'
import {
  type GameFacts,
  presentGame,
  presentSuggestion,
  presentTimeline,
  teamsOf,
  topAlias,
} from './scores.presenter.js'
import type { GameWrite, ScoreEventRow, ScoresRepository } from './scores.repository.js'
import { clockErrors } from './stream-clock.js'
import type { VersionWaiters } from './version-waiters.js'

const HOUR_MS = 3_600_000
/** The longest a long-poll of the timeline waits for a change. */
export const TIMELINE_WAIT_MS = 25_000
/** A timeline read is shared while its game's version holds, and its teams are read again after this. */
const TIMELINE_FRESH_MS = 30_000
const TIMELINES_KEPT = 2000
/** The open suggestions a board shows, newest first. */
const BOARD_SUGGESTIONS = 20

/** A premiere's game, and where a moment of the game's clock falls on the showing's clock (null: not shown). */
export interface PremiereClock {
  sourceEventId: number
  toShowing: (t: number) => number | null
}

/** A batch that just committed: the game's timeline and the ids of its new actions. */
export interface RecordedActions {
  channelId: number
  eventId: number
  timeline: ScoreTimeline
  newIds: readonly string[]
}

/** Who records a batch: a scorer (audited as the operator's write) or the signed feed. */
export interface Recorder {
  source: ScoreActionTable['source']
  operator: Operator | null
  /**
   * Runs first in the batch's transaction, the game's row locked (an accepted suggestion: marking it,
   * refusing the batch when it is decided already): may put every action at one moment of the stream's
   * clock (ms, before the game's offset).
   */
  inside?: (w: GameWrite) => Promise<{ streamMs: number }>
}

interface CachedTimeline {
  version: number
  at: number
  value: Promise<{ channelId: number; timeline: ScoreTimeline }>
}

/**
 * Game day (decision 0057): the score log of a game, recorded by scorers and the feed, served to
 * viewers as a timeline (long-polled), and the console's Score page.
 */
export class ScoresService {
  private readonly timelines = new Map<number, CachedTimeline>()

  constructor(
    private readonly d: {
      repo: ScoresRepository
      waiters: VersionWaiters
      /** The score an event list shows changed: the channel's cached answers are rebuilt. */
      changed: (channelId: number) => Promise<void>
      clock: () => number
      /** Where operators' writes are recorded (the console's audit log). */
      audit: AuditSink
      /** A batch committed with new actions: the key plays module makes the tags' key plays (decision 0058). */
      recorded?: (change: RecordedActions) => Promise<unknown>
      /** A premiere of a game's recording: the game, and its clock on the showing's (the premieres module's). */
      premiereClock?: (channelId: number, eventId: number) => Promise<PremiereClock | null>
      waitMs?: number
    },
  ) {}

  private readonly premieres = new Map<number, { at: number; clock: Promise<PremiereClock | null> }>()

  /** The event's premiere clock, looked up at most every 10 s per event (every timeline read asks). */
  private premiereOf(channelId: number, eventId: number) {
    const ask = this.d.premiereClock
    if (!ask) return Promise.resolve(null)
    const now = this.d.clock()
    const hit = this.premieres.get(eventId)
    if (hit && now - hit.at < 10_000) return hit.clock
    if (this.premieres.size >= TIMELINES_KEPT) this.premieres.clear()
    const clock = ask(channelId, eventId).catch(() => null)
    this.premieres.set(eventId, { at: now, clock })
    return clock
  }

  // -------------------------------------------------------------------------------------------
  // Viewers

  /**
   * `GET /api/events/{id}/score`: the game's timeline; with `after`, once its version is past it (or
   * after the wait, as it is). An event of another channel, or none, is not found.
   */
  async timeline(session: Session, eventId: number, after?: number, signal?: AbortSignal): Promise<ScoreTimeline> {
    // A premiere of a game's recording shows that game's score, each moment where the showing shows it.
    const premiere = await this.premiereOf(session.channel.id, eventId)
    if (premiere && premiere.sourceEventId !== eventId) {
      const game = await this.timeline(session, premiere.sourceEventId, after, signal)
      const actions = game.actions.flatMap((a) => {
        const t = premiere.toShowing(a.t)
        return t === null ? [] : [{ ...a, t }]
      })
      return { ...game, event_id: eventId, actions }
    }
    const current = await this.cachedTimeline(eventId)
    if (current.channelId !== session.channel.id) throw notFound('event')
    if (after === undefined || current.timeline.version > after) return current.timeline
    const version = await this.d.waiters.wait(eventId, after, this.d.waitMs ?? TIMELINE_WAIT_MS, signal)
    return (await this.cachedTimeline(eventId, version ?? undefined)).timeline
  }

  /** The timeline at `version` (read when not given), one read shared by every request that wants it. */
  private async cachedTimeline(eventId: number, version?: number) {
    const v = version ?? (await this.d.repo.version(eventId))
    const now = this.d.clock()
    const hit = this.timelines.get(eventId)
    if (hit && hit.version >= v && now - hit.at < TIMELINE_FRESH_MS) return hit.value
    const entry: CachedTimeline = { version: v, at: now, value: this.readTimeline(eventId) }
    this.timelines.delete(eventId)
    if (this.timelines.size >= TIMELINES_KEPT) this.timelines.delete(this.timelines.keys().next().value as number)
    this.timelines.set(eventId, entry)
    entry.value.then(
      ({ timeline }) => {
        entry.version = Math.max(entry.version, timeline.version)
      },
      () => this.timelines.get(eventId) === entry && this.timelines.delete(eventId),
    )
    return entry.value
  }

  private async readTimeline(eventId: number) {
    const event = await this.d.repo.anyEvent(eventId)
    if (!event) throw notFound('event')
    const [game, actions] = await Promise.all([this.d.repo.game(eventId), this.d.repo.actions(eventId)])
    const facts = await this.facts(event, game)
    return { channelId: event.channel_id, timeline: presentTimeline(facts, game, actions) }
  }

  /** A game as the demo's scorer picks it up (decision 0057): its sport, its status and period now. */
  async gameNow(channelId: number, eventId: number) {
    const { channelId: owner, timeline } = await this.cachedTimeline(eventId)
    if (owner !== channelId) throw notFound('event')
    const sport = sportOf(timeline.sport)
    return { sport, status: timeline.status, period: scoreAt(timeline.actions, Number.POSITIVE_INFINITY, sport).period }
  }

  // -------------------------------------------------------------------------------------------
  // The console

  /** The games a scorer would pick: live now, starting 12 h ago to 36 h ahead, or with a live score. */
  async games(op: Operator): Promise<ScoreGame[]> {
    const channelId = op.session.channel.id
    const now = this.d.clock()
    const events = await this.d.repo.pickable(channelId, now - 12 * HOUR_MS, now + 36 * HOUR_MS)
    const ids = events.map((e) => e.id)
    const [games, teams, categories] = await Promise.all([
      this.d.repo.games(ids),
      this.d.repo.teams(ids),
      this.d.repo.categories(channelId),
    ])
    const byEvent = new Map(games.map((g) => [g.event_id, g]))
    return events.map((event) => {
      const game = byEvent.get(event.id)
      const alias = game?.sport ?? topAlias(categories, event.event_category_id)
      return presentGame({ event, sport: sportOf(alias), teams: teamsOf(teams, event.id) }, game)
    })
  }

  /** The Score page's game: its timeline, the key-play tags of its sport, the server's clock. */
  async board(op: Operator, eventId: number): Promise<ScoreBoard> {
    const event = await this.eventOf(op, eventId)
    const [game, actions, suggestions] = await Promise.all([
      this.d.repo.game(eventId),
      this.d.repo.actions(eventId),
      this.d.repo.openSuggestions(eventId, BOARD_SUGGESTIONS),
    ])
    const facts = await this.facts(event, game)
    return {
      game: presentGame(facts, game),
      timeline: presentTimeline(facts, game, actions),
      tags: facts.tags,
      server_now: this.d.clock(),
      suggestions: suggestions.map(presentSuggestion),
    }
  }

  /** `PATCH /api/admin/scores/{event}`: the sport it is scored as and the offset that meets the picture. */
  async update(op: Operator, eventId: number, body: ScoreGameUpdate): Promise<ScoreBoard> {
    const channelId = op.session.channel.id
    await this.eventOf(op, eventId)
    const now = this.d.clock()
    const changed = await this.d.repo.inGame(channelId, eventId, now, async (w) => {
      const before = { sport: w.game.sport, offset_ms: w.game.offset_ms }
      const after = { sport: body.sport ?? before.sport, offset_ms: body.offset_ms ?? before.offset_ms }
      if (after.sport === before.sport && after.offset_ms === before.offset_ms) return null
      const version = w.game.version + 1
      await w.updateGame({ ...after, version, updated_at: now })
      return { version, before, after }
    })
    if (changed) {
      this.d.waiters.notify(eventId, changed.version)
      const { before, after } = changed
      await this.d.audit(op, { action: 'update', resource: 'scores', resourceId: eventId, before, after })
    }
    return this.board(op, eventId)
  }

  /** `POST /api/admin/scores/{event}/actions`: a scorer's batch. */
  record(op: Operator, eventId: number, input: ScoreActionsInput): Promise<ScoreActionsResult> {
    return this.recordIn(op.session.channel.id, eventId, input, { source: 'scorer', operator: op })
  }

  /**
   * Records a batch for a game of the channel (a scorer's or the feed's), in one transaction: the new
   * actions, the game's status, version and score now; an id already recorded is named and records
   * nothing. Then this process's waiters wake, and event lists learn the score.
   */
  async recordIn(channelId: number, eventId: number, input: ScoreActionsInput, by: Recorder) {
    const timing = clockErrors(input)
    if (Object.keys(timing).length > 0) throw invalid(timing)
    const event = await this.d.repo.event(channelId, eventId)
    if (!event) throw notFound('event')
    const facts = await this.facts(event, await this.d.repo.game(eventId))
    const receivedAt = this.d.clock()
    const outcome = await this.d.repo.inGame(channelId, eventId, receivedAt, async (w) => {
      const placed = by.inside ? await by.inside(w) : null
      const plan = planBatch(input, {
        ...{ sport: facts.sport, tags: facts.tags, recorded: w.actions, receivedAt },
        ...{ source: by.source, userId: by.operator?.userId ?? null },
        ...(placed ? { streamMs: placed.streamMs } : {}),
      })
      if (plan.rows.length === 0) return { recorded: plan.recorded, version: null, listed: false, audited: null }
      await w.insertActions(plan.rows)
      const now = scoreNow([...w.actions, ...plan.rows])
      const status = plan.final ? 'final' : 'live'
      const version = w.game.version + 1
      await w.updateGame({
        ...{ status, version, home: now.home, away: now.away, period: now.period },
        ...{ final_at: plan.final ? (w.game.final_at ?? receivedAt) : null, updated_at: receivedAt },
      })
      const listed = listedScore(w.game) !== listedScore({ status, ...now })
      const written = plan.rows.map((r) => ({ id: r.uid, type: r.type }))
      return { recorded: plan.recorded, version, listed, audited: { actions: written, version, status } }
    })
    if (outcome.version !== null) this.d.waiters.notify(eventId, outcome.version)
    if (by.operator && outcome.audited)
      await this.d.audit(by.operator, {
        action: 'record',
        resource: 'scores',
        resourceId: eventId,
        after: outcome.audited,
      })
    if (outcome.listed) await this.d.changed(channelId)
    const { timeline } = await this.cachedTimeline(eventId, outcome.version ?? undefined)
    if (outcome.version !== null && outcome.audited && this.d.recorded) {
      const newIds = outcome.audited.actions.map((a) => a.id)
      await this.d.recorded({ channelId, eventId, timeline, newIds })
    }
    return { recorded: outcome.recorded, timeline }
  }

  // -------------------------------------------------------------------------------------------

  async eventOf(op: Operator, eventId: number) {
    const event = await this.d.repo.event(op.session.channel.id, eventId)
    if (!event) throw notFound('event')
    return event
  }

  /**
   * The game's sport (the one set for it, else its event's top-level category's), teams and clip tags
   * (the channel's for that sport — categories whose sport it is — and for every sport).
   */
  async facts(event: ScoreEventRow, game: ScoreGameRow | undefined): Promise<GameFacts & { tags: string[] }> {
    const [categories, teams] = await Promise.all([
      this.d.repo.categories(event.channel_id),
      this.d.repo.teams([event.id]),
    ])
    const alias = game?.sport ?? topAlias(categories, event.event_category_id)
    const ofSport = alias === null ? [] : categories.filter((c) => topAlias(categories, c.id) === alias)
    const tags = await this.d.repo.tags(
      event.channel_id,
      ofSport.map((c) => c.id),
    )
    return {
      event,
      sport: sportOf(alias),
      teams: teamsOf(teams, event.id),
      tags: [...new Set(tags.map((t) => t.name))],
    }
  }
}

/** What an event list shows of a game: its score once live or final. */
const listedScore = (g: Pick<ScoreGameRow, 'status' | 'home' | 'away' | 'period'>) =>
  g.status === 'pending' ? '' : `${g.status} ${g.home}-${g.away} ${g.period}`

/** The score with every action applied: on the stream's clock, then in the order recorded (`actions`' order). */
function scoreNow(
  actions: Pick<
    PlannedAction,
    'uid' | 'type' | 'stream_ms' | 'side' | 'points' | 'period' | 'running' | 'clock_ms' | 'target'
  >[],
) {
  const ordered = actions.map((a, seq) => ({ a, seq })).sort((x, y) => x.a.stream_ms - y.a.stream_ms || x.seq - y.seq)
  const entries = ordered.map(({ a }) => ({
    ...{ id: a.uid, type: a.type, t: a.stream_ms, side: a.side, points: a.points, period: a.period },
    ...{ running: a.running === null ? null : a.running === 1, clock_ms: a.clock_ms, target: a.target },
  }))
  return scoreAt(entries, Number.POSITIVE_INFINITY)
}
