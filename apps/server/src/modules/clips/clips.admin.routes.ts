import { AdminClipSchema, AdminClipsQuerySchema } from '@fieldhouse/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { consoleRoutes } from '../../lib/console-routes.js'
import { consoleOperator } from '../../lib/operator.js'
import type { ClipsModerationService } from './clips-moderation.service.js'

/**
 * The console's clips moderation (decision 0024): the operator's channel's clips, and deleting one with
 * its files. The session plugin's operator gate asks the rule table (`clips`) before the handler runs.
 */
export const clipsAdminRoutes: FastifyPluginAsyncZod<{ clips: ClipsModerationService }> = async (app, { clips }) => {
  consoleRoutes(app, { tags: ['console: clips'], operator: consoleOperator, noStore: true }).crud({
    base: '/api/admin/clips',
    resource: 'clips',
    item: AdminClipSchema,
    list: { query: AdminClipsQuerySchema, run: (op, query) => clips.list(op, query) },
    remove: (op, id) => clips.remove(op, id),
  })
}
