import {
  AdminIdParamsSchema,
  AdminOrderDetailSchema,
  AdminOrderSchema,
  AdminOrdersQuerySchema,
  AdminRefundSchema,
  adminListOf,
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
import { consoleOperator } from '../../lib/operator.js'
import type { RefundsService } from './refunds.service.js'
import type { RevenueService } from './revenue.service.js'
import type { SalesService } from './sales.service.js'

const tags = ['console: sales']
/** Money actions: a small body, and no more than an operator clicks. */
const money = { bodyLimit: 4096, config: { rateLimit: { max: 60, timeWindow: 60_000 } } }

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
  app.get(
    '/api/admin/orders',
    {
      config: { admin: { resource: 'orders', action: 'read' } },
      schema: { tags, querystring: AdminOrdersQuerySchema, response: { 200: adminListOf(AdminOrderSchema) } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      return sales.list(consoleOperator(req), req.query)
    },
  )
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
  app.get(
    '/api/admin/orders/:id',
    {
      config: { admin: { resource: 'orders', action: 'read' } },
      schema: { tags, params: AdminIdParamsSchema, response: { 200: dataOf(AdminOrderDetailSchema) } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      return { data: await sales.detail(consoleOperator(req), req.params.id) }
    },
  )
  app.post(
    '/api/admin/orders',
    {
      ...money,
      config: { ...money.config, admin: { resource: 'orders', action: 'create' } },
      schema: { tags, body: ComplimentaryRequestSchema, response: { 201: dataOf(AdminOrderDetailSchema) } },
    },
    async (req, reply) => {
      reply.code(201)
      return { data: await sales.grantComplimentary(consoleOperator(req), req.body) }
    },
  )
  app.post(
    '/api/admin/orders/:id/refunds',
    {
      ...money,
      config: { ...money.config, admin: { resource: 'refunds', action: 'create' } },
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
  app.post(
    '/api/admin/orders/:id/cancel',
    {
      ...money,
      config: { ...money.config, admin: { resource: 'orders', action: 'update' } },
      schema: {
        tags,
        params: AdminIdParamsSchema,
        body: CancelSubscriptionRequestSchema,
        response: { 200: dataOf(AdminOrderDetailSchema) },
      },
    },
    async (req) => ({ data: await sales.cancel(consoleOperator(req), req.params.id, req.body) }),
  )
  app.post(
    '/api/admin/orders/:id/revoke',
    {
      ...money,
      config: { ...money.config, admin: { resource: 'orders', action: 'update' } },
      schema: {
        tags,
        params: AdminIdParamsSchema,
        body: ConsoleActionSchema,
        response: { 200: dataOf(AdminOrderDetailSchema) },
      },
    },
    async (req) => ({
      data: await sales.revokeComplimentary(consoleOperator(req), req.params.id, req.body.idempotency_key),
    }),
  )
  app.get(
    '/api/admin/events/:id/refunds',
    {
      config: { admin: { resource: 'refunds', action: 'read' } },
      schema: { tags, params: AdminIdParamsSchema, response: { 200: dataOf(EventRefundPreviewSchema) } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      return { data: await refunds.eventRefundPreview(consoleOperator(req), req.params.id) }
    },
  )
  app.post(
    '/api/admin/events/:id/refunds',
    {
      ...money,
      config: { ...money.config, admin: { resource: 'refunds', action: 'create' } },
      schema: {
        tags,
        params: AdminIdParamsSchema,
        body: EventRefundRequestSchema,
        response: { 200: dataOf(EventRefundReportSchema) },
      },
    },
    async (req) => ({ data: await refunds.refundEvent(consoleOperator(req), req.params.id, req.body) }),
  )
  app.get(
    '/api/admin/revenue',
    {
      config: { admin: { resource: 'revenue', action: 'read' } },
      schema: { tags, querystring: RevenueQuerySchema, response: { 200: dataOf(RevenueSchema) } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      return { data: await revenue.revenue(consoleOperator(req), req.query) }
    },
  )
}
