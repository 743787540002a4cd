import type { Revenue, RevenueQuery, ScoreGame } from '@fieldhouse/contract'
import type { Operator } from '../../lib/operator.js'
import { gameDayRoutes } from './game-day.routes.js'
import { GameDayService, type RecentKeyPlays } from './game-day.service.js'

/**
 * The container's parts, each asked for when the home is first read: the scores module's games, the
 * live module's broadcasts, the analytics' reports, the payments module's revenue (null without the
 * console's sales) and the key plays.
 */
function createGameDay(d: {
  scores: () => { games(op: Operator): Promise<ScoreGame[]> }
  live: () => { broadcastOf(eventId: number): object | null }
  reports: () => { viewersNow(channelId: number, eventId: number): Promise<number> }
  revenue: () => { revenue(op: Operator, query: RevenueQuery): Promise<Revenue> } | null
  keyPlays: RecentKeyPlays
  clock: () => number
}) {
  return new GameDayService({
    games: (op) => d.scores().games(op),
    receiving: (eventId) => d.live().broadcastOf(eventId) !== null,
    viewersNow: (channelId, eventId) => d.reports().viewersNow(channelId, eventId),
    revenueOn: async (op, day) => {
      const revenue = await d.revenue()?.revenue(op, { from: day, to: day })
      return revenue ? { amount: revenue.totals.net, currency: revenue.currency } : null
    },
    keyPlays: d.keyPlays,
    clock: d.clock,
  })
}

export type GameDay = GameDayService

/** The console's game-day home: `build` (the container's `gameDay`) and `routes` (`/api/admin/game-day`). */
export const gameDayModule = { build: createGameDay, routes: gameDayRoutes }
