import { AdminClipSchema, AdminClipsQuerySchema, AdminIdParamsSchema, adminListOf } from '@fieldhouse/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { consoleOperator } from '../../lib/operator.js'
import type { ClipsModerationService } from './clips-moderation.service.js'

const tags = ['console: clips']

/**
 * The console's clips moderation (decision 0024): the operator's channel's clips, and deleting one with
 * its files. The session plugin's operator gate asks the rule table (`clips`) before the handler runs.
 */
export const clipsAdminRoutes: FastifyPluginAsyncZod<{ clips: ClipsModerationService }> = async (app, { clips }) => {
  app.get(
    '/api/admin/clips',
    {
      config: { admin: { resource: 'clips', action: 'read' } },
      schema: { tags, querystring: AdminClipsQuerySchema, response: { 200: adminListOf(AdminClipSchema) } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      return clips.list(consoleOperator(req), req.query)
    },
  )
  app.delete(
    '/api/admin/clips/:id',
    { config: { admin: { resource: 'clips', action: 'delete' } }, schema: { tags, params: AdminIdParamsSchema } },
    async (req, reply) => {
      await clips.remove(consoleOperator(req), req.params.id)
      return reply.code(204).send()
    },
  )
}
