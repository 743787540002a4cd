import { GameDaySchema } from '@fieldhouse/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { consoleRoutes } from '../../lib/console-routes.js'
import { consoleOperator } from '../../lib/operator.js'
import type { GameDayService } from './game-day.service.js'

/**
 * `GET /api/admin/game-day`: the console's first page. Gated on reading `events` (owner, manager,
 * producer, support); a scorer, who reads scores and nothing else, is refused and keeps its Score page.
 */
export const gameDayRoutes: FastifyPluginAsyncZod<{ gameDay: GameDayService }> = async (app, { gameDay }) => {
  consoleRoutes(app, { tags: ['console: game day'], operator: consoleOperator, noStore: true }).route({
    method: 'GET',
    url: '/api/admin/game-day',
    admin: { resource: 'events', action: 'read' },
    item: GameDaySchema,
    run: (op) => gameDay.home(op),
  })
}
