import {
  AdminIdParamsSchema,
  AdminOrderDetailSchema,
  AdminOrderSchema,
  AdminOrdersQuerySchema,
  AdminRefundSchema,
  CancelSubscriptionRequestSchema,
  ComplimentaryRequestSchema,
  ConsoleActionSchema,
  dataOf,
  EventRefundPreviewSchema,
  EventRefundReportSchema,
  EventRefundRequestSchema,
  RefundRequestSchema,
  RevenueQuerySchema,
  RevenueSchema,
} from '@fieldhouse/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { consoleRoutes } from '../../lib/console-routes.js'
import { consoleOperator } from '../../lib/operator.js'
import type { RefundsService } from './refunds.service.js'
import type { RevenueService } from './revenue.service.js'
import type { SalesService } from './sales.service.js'

const tags = ['console: sales']
/** Money actions: a small body, and no more than an operator clicks. */
const money = { bodyLimit: 4096, rateLimit: { max: 60, timeWindow: 60_000 } }

/**
 * The console's orders, refunds, complimentary passes and revenue (decision 0036). The session
 * plugin's operator gate asks the rule table (`orders`, `refunds`, `revenue`) before each handler; the
 * services scope everything to the operator's channel.
 */
export const salesRoutes: FastifyPluginAsyncZod<{
  sales: SalesService
  refunds: RefundsService
  revenue: RevenueService
}> = async (app, { sales, refunds, revenue }) => {
  const routes = consoleRoutes(app, { tags, operator: consoleOperator, noStore: true })
  routes.crud({
    base: '/api/admin/orders',
    resource: 'orders',
    item: AdminOrderDetailSchema,
    list: { query: AdminOrdersQuerySchema, item: AdminOrderSchema, run: (op, query) => sales.list(op, query) },
  })
  app.get(
    '/api/admin/orders/export',
    {
      config: { admin: { resource: 'orders', action: 'read' } },
      schema: { tags, querystring: AdminOrdersQuerySchema },
    },
    async (req, reply) => {
      const csv = await sales.exportCsv(consoleOperator(req), req.query)
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="orders.csv"')
        .header('cache-control', 'no-store')
        .send(csv)
    },
  )
  routes.route({
    method: 'GET',
    url: '/api/admin/orders/:id',
    admin: { resource: 'orders', action: 'read' },
    params: AdminIdParamsSchema,
    item: AdminOrderDetailSchema,
    run: (op, { params }) => sales.detail(op, params.id),
  })
  routes.route({
    method: 'POST',
    url: '/api/admin/orders',
    admin: { resource: 'orders', action: 'create' },
    ...money,
    body: ComplimentaryRequestSchema,
    item: AdminOrderDetailSchema,
    status: 201,
    run: (op, { body }) => sales.grantComplimentary(op, body),
  })
  app.post(
    '/api/admin/orders/:id/refunds',
    {
      bodyLimit: money.bodyLimit,
      config: { rateLimit: money.rateLimit, admin: { resource: 'refunds', action: 'create' } },
      schema: {
        tags,
        params: AdminIdParamsSchema,
        body: RefundRequestSchema,
        response: { 201: dataOf(AdminRefundSchema), 202: dataOf(AdminRefundSchema) },
      },
    },
    async (req, reply) => {
      const refund = await refunds.refund(consoleOperator(req), req.params.id, req.body)
      // 202: the same key's refund is still being asked of the provider.
      reply.code(refund.status === 'pending' ? 202 : 201)
      return { data: refund }
    },
  )
  routes.route({
    method: 'POST',
    url: '/api/admin/orders/:id/cancel',
    admin: { resource: 'orders', action: 'update' },
    ...money,
    params: AdminIdParamsSchema,
    body: CancelSubscriptionRequestSchema,
    item: AdminOrderDetailSchema,
    run: (op, { params, body }) => sales.cancel(op, params.id, body),
  })
  routes.route({
    method: 'POST',
    url: '/api/admin/orders/:id/revoke',
    admin: { resource: 'orders', action: 'update' },
    ...money,
    params: AdminIdParamsSchema,
    body: ConsoleActionSchema,
    item: AdminOrderDetailSchema,
    run: (op, { params, body }) => sales.revokeComplimentary(op, params.id, body.idempotency_key),
  })
  routes.route({
    method: 'GET',
    url: '/api/admin/events/:id/refunds',
    admin: { resource: 'refunds', action: 'read' },
    params: AdminIdParamsSchema,
    item: EventRefundPreviewSchema,
    run: (op, { params }) => refunds.eventRefundPreview(op, params.id),
  })
  routes.route({
    method: 'POST',
    url: '/api/admin/events/:id/refunds',
    admin: { resource: 'refunds', action: 'create' },
    ...money,
    params: AdminIdParamsSchema,
    body: EventRefundRequestSchema,
    item: EventRefundReportSchema,
    run: (op, { params, body }) => refunds.refundEvent(op, params.id, body),
  })
  routes.route({
    method: 'GET',
    url: '/api/admin/revenue',
    admin: { resource: 'revenue', action: 'read' },
    querystring: RevenueQuerySchema,
    item: RevenueSchema,
    run: (op, { query }) => revenue.revenue(op, query),
  })
}
