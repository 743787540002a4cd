import {
  AdminCouponCreateSchema,
  AdminCouponSchema,
  AdminCouponsQuerySchema,
  AdminCouponUpdateSchema,
  AdminIdParamsSchema,
  AdminPassCreateSchema,
  AdminPassesQuerySchema,
  AdminPassSchema,
  AdminPassUpdateSchema,
  adminListOf,
  dataOf,
} from '@fieldhouse/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { consoleOperator } from '../../lib/operator.js'
import type { SalesAdminService } from './sales-admin.service.js'

/**
 * The console's passes and prices, and coupons (decision 0035). The session plugin's operator gate
 * asks the rule table (`passes`, `coupons`) before each handler runs; the service scopes by channel.
 */
export const salesAdminRoutes: FastifyPluginAsyncZod<{ sales: SalesAdminService }> = async (app, { sales }) => {
  const noStore = { 'cache-control': 'no-store' }
  for (const resource of ['passes', 'coupons'] as const) {
    const passes = resource === 'passes'
    const tags = [`console: ${resource}`]
    const item = passes ? AdminPassSchema : AdminCouponSchema
    app.get(
      `/api/admin/${resource}`,
      {
        config: { admin: { resource, action: 'read' } },
        schema: {
          tags,
          querystring: passes ? AdminPassesQuerySchema : AdminCouponsQuerySchema,
          response: { 200: adminListOf(item) },
        },
      },
      async (req, reply) => {
        reply.headers(noStore)
        const op = consoleOperator(req)
        return passes
          ? sales.listPasses(op, AdminPassesQuerySchema.parse(req.query))
          : sales.listCoupons(op, AdminCouponsQuerySchema.parse(req.query))
      },
    )
    app.get(
      `/api/admin/${resource}/:id`,
      {
        config: { admin: { resource, action: 'read' } },
        schema: { tags, params: AdminIdParamsSchema, response: { 200: dataOf(item) } },
      },
      async (req, reply) => {
        reply.headers(noStore)
        const op = consoleOperator(req)
        return { data: await (passes ? sales.readPass(op, req.params.id) : sales.readCoupon(op, req.params.id)) }
      },
    )
    app.post(
      `/api/admin/${resource}`,
      {
        config: { admin: { resource, action: 'create' } },
        schema: {
          tags,
          body: passes ? AdminPassCreateSchema : AdminCouponCreateSchema,
          response: { 201: dataOf(item) },
        },
      },
      async (req, reply) => {
        const op = consoleOperator(req)
        const data = await (passes ? sales.createPass(op, req.body) : sales.createCoupon(op, req.body))
        return reply.code(201).send({ data })
      },
    )
    app.patch(
      `/api/admin/${resource}/:id`,
      {
        config: { admin: { resource, action: 'update' } },
        schema: {
          tags,
          params: AdminIdParamsSchema,
          body: passes ? AdminPassUpdateSchema : AdminCouponUpdateSchema,
          response: { 200: dataOf(item) },
        },
      },
      async (req) => {
        const op = consoleOperator(req)
        const id = req.params.id
        return { data: await (passes ? sales.updatePass(op, id, req.body) : sales.updateCoupon(op, id, req.body)) }
      },
    )
    app.delete(
      `/api/admin/${resource}/:id`,
      { config: { admin: { resource, action: 'delete' } }, schema: { tags, params: AdminIdParamsSchema } },
      async (req, reply) => {
        const op = consoleOperator(req)
        await (passes ? sales.deletePass(op, req.params.id) : sales.deleteCoupon(op, req.params.id))
        return reply.code(204).send()
      },
    )
  }
}
