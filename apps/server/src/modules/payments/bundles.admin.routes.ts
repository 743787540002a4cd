import {
  AdminBundleCreateSchema,
  AdminBundleSchema,
  AdminBundlesQuerySchema,
  AdminBundleUpdateSchema,
  AdminIdParamsSchema,
  adminListOf,
  dataOf,
} from '@fieldhouse/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { consoleOperator } from '../../lib/operator.js'
import type { BundlesAdminService } from './bundles-admin.service.js'

/**
 * The console's bundles (decision 0040): list, read, create, update (retire and put back), delete.
 * The session plugin's operator gate asks the rule table (`bundles`) first; the service scopes by channel.
 */
export const bundlesAdminRoutes: FastifyPluginAsyncZod<{ bundles: BundlesAdminService }> = async (app, { bundles }) => {
  const noStore = { 'cache-control': 'no-store' }
  const tags = ['console: bundles']
  const gate = (action: 'read' | 'create' | 'update' | 'delete') =>
    ({ admin: { resource: 'bundles', action } }) as const
  app.get(
    '/api/admin/bundles',
    {
      config: gate('read'),
      schema: { tags, querystring: AdminBundlesQuerySchema, response: { 200: adminListOf(AdminBundleSchema) } },
    },
    async (req, reply) => {
      reply.headers(noStore)
      return bundles.list(consoleOperator(req), AdminBundlesQuerySchema.parse(req.query))
    },
  )
  app.get(
    '/api/admin/bundles/:id',
    {
      config: gate('read'),
      schema: { tags, params: AdminIdParamsSchema, response: { 200: dataOf(AdminBundleSchema) } },
    },
    async (req, reply) => {
      reply.headers(noStore)
      return { data: await bundles.read(consoleOperator(req), req.params.id) }
    },
  )
  app.post(
    '/api/admin/bundles',
    {
      config: gate('create'),
      schema: { tags, body: AdminBundleCreateSchema, response: { 201: dataOf(AdminBundleSchema) } },
    },
    async (req, reply) => reply.code(201).send({ data: await bundles.create(consoleOperator(req), req.body) }),
  )
  app.patch(
    '/api/admin/bundles/:id',
    {
      config: gate('update'),
      schema: {
        tags,
        params: AdminIdParamsSchema,
        body: AdminBundleUpdateSchema,
        response: { 200: dataOf(AdminBundleSchema) },
      },
    },
    async (req) => ({ data: await bundles.update(consoleOperator(req), req.params.id, req.body) }),
  )
  app.delete(
    '/api/admin/bundles/:id',
    { config: gate('delete'), schema: { tags, params: AdminIdParamsSchema } },
    async (req, reply) => {
      await bundles.delete(consoleOperator(req), req.params.id)
      return reply.code(204).send()
    },
  )
}
