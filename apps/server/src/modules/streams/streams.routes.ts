import { AccountStreamSchema, dataOf, Id } from '@fieldhouse/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { StreamsService } from './streams.service.js'

const tags = ['video']

/** The account's simultaneous streams (decision 0031): which play now, and stopping one. */
export const streamsRoutes: FastifyPluginAsyncZod<{ streams: StreamsService }> = async (app, { streams }) => {
  app.get(
    '/api/streams',
    { schema: { tags, response: { 200: dataOf(z.array(AccountStreamSchema)) } } },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store')
      return { data: await streams.list(req.session) }
    },
  )

  app.delete(
    '/api/streams/:id',
    {
      schema: {
        tags,
        params: z.object({ id: Id }),
        response: { 200: dataOf(z.object({ status: z.literal('stopped') })) },
      },
    },
    async (req) => ({ data: await streams.stop(req.session, req.params.id) }),
  )
}
