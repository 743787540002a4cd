import { dataOf, GoLiveQuerySchema, GoLiveSchema } from '@fieldhouse/contract'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { consoleOperator } from '../../lib/operator.js'
import { encoderHost, type GoLiveService } from './go-live.service.js'

const Params = z.object({ eventId: z.coerce.number().int().positive() })
const tags = ['console: go live']

/**
 * The console's "Go live" panel (decision 20). The page polls `GET` every two seconds: the status
 * shows within 5 s of an encoder publishing.
 */
export const goLiveRoutes: FastifyPluginAsyncZod<{ goLive: GoLiveService }> = async (app, { goLive }) => {
  const operatorOf = consoleOperator
  // The encoder's name for this machine: the console's host, or the address reached for a loopback name.
  const hostOf = (req: FastifyRequest) => encoderHost(req.hostname, req.socket.localAddress)
  const read = { admin: { resource: 'live' as const, action: 'read' as const } }
  const write = { admin: { resource: 'live' as const, action: 'go-live' as const } }
  const response = { 200: dataOf(GoLiveSchema) }
  app.get(
    '/api/admin/live/:eventId',
    { config: read, schema: { tags, params: Params, querystring: GoLiveQuerySchema, response } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      return { data: await goLive.panel(operatorOf(req), req.params.eventId, req.query.reveal === '1', hostOf(req)) }
    },
  )
  app.post(
    '/api/admin/live/:eventId/rotate-key',
    { config: write, schema: { tags, params: Params, response } },
    async (req) => ({
      data: await goLive.rotateKey(operatorOf(req), req.params.eventId, hostOf(req)),
    }),
  )
  app.post(
    '/api/admin/live/:eventId/end',
    { config: write, schema: { tags, params: Params, response } },
    async (req) => ({
      data: await goLive.end(operatorOf(req), req.params.eventId, hostOf(req)),
    }),
  )
}
