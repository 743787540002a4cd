import {
  can,
  dayOf,
  dayStart,
  type GameDay,
  type GameDayKeyPlay,
  type GameDayLiveGame,
  nextDay,
  type ScoreGame,
} from '@fieldhouse/contract'
import type { Operator } from '../../lib/operator.js'
import { encoderOf, isLiveGame, newestKeyPlays, nextGames, scoreOf } from './game-day.rules.js'

/** A channel's key plays whose moment is at or after `sinceMs`, each with its game's name (the key-plays module). */
export interface RecentKeyPlays {
  recentKeyPlays(channelId: number, sinceMs: number): Promise<GameDayKeyPlay[]>
}

/** What the home reads of other modules, each through one narrow call the container fills. */
export interface GameDayDeps {
  /** The Score page's games (the scores module): live now, and from 12 h ago to 36 h ahead. */
  games: (op: Operator) => Promise<ScoreGame[]>
  /** Whether the ingest receives the event's stream, as the Go live page says (the live module). */
  receiving: (eventId: number) => boolean
  /** Viewers watching the event now (the analytics' live viewers). */
  viewersNow: (channelId: number, eventId: number) => Promise<number>
  /** What one day of the channel took, refunds taken off (the payments module's revenue); null when not kept. */
  revenueOn: (op: Operator, day: string) => Promise<{ amount: number; currency: string } | null>
  keyPlays: RecentKeyPlays
  clock: () => number
}

/**
 * The console's game-day home: the channel's games live now (encoder, viewers, score) and next, today's
 * revenue and today's key plays. Each part is read only for a role that may read it: viewers for
 * `analytics`, revenue for `revenue`; the route itself is gated on reading `events`.
 */
export class GameDayService {
  constructor(private readonly d: GameDayDeps) {}

  async home(op: Operator): Promise<GameDay> {
    const now = this.d.clock()
    const channelId = op.session.channel.id
    const today = dayOf(now, op.session.channel.time_zone)
    const zone = op.session.channel.time_zone
    const [games, plays, revenue] = await Promise.all([
      this.d.games(op),
      this.d.keyPlays.recentKeyPlays(channelId, dayStart(today, zone)),
      can(op.role, 'read', 'revenue') ? this.d.revenueOn(op, today) : null,
    ])
    const live = games.filter((g) => isLiveGame(g, this.d.receiving(g.event_id)))
    const readsViewers = can(op.role, 'read', 'analytics')
    const liveGames = await Promise.all(
      live.map(
        async (g): Promise<GameDayLiveGame> => ({
          event_id: g.event_id,
          name: g.name,
          starts_at: g.starts_at,
          sport: g.sport,
          encoder: encoderOf(this.d.receiving(g.event_id), g.stream_status),
          viewers_now: readsViewers ? await this.d.viewersNow(channelId, g.event_id) : null,
          score: scoreOf(g),
          home: g.home.name,
          away: g.away.name,
        }),
      ),
    )
    const liveIds = new Set(live.map((g) => g.event_id))
    const untilEndOfTomorrow = dayStart(nextDay(nextDay(today)), zone)
    return {
      live: liveGames,
      next: nextGames(games, liveIds, now, untilEndOfTomorrow),
      revenue_today: revenue,
      key_plays: newestKeyPlays(plays),
    }
  }
}
