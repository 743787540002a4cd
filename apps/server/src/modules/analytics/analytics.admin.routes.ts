import {
  AnalyticsRangeQuerySchema,
  AnalyticsRetentionSchema,
  ChannelReportSchema,
  dataOf,
  StreamReportQuerySchema,
  StreamReportSchema,
} from '@fieldhouse/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { consoleOperator } from '../../lib/operator.js'
import type { AnalyticsReportsService } from './analytics-reports.service.js'

const tags = ['console: analytics']

/**
 * The console's analytics (decision 0033): a stream's report (an event, live and replay, or a VOD
 * item), the channel's, and its retention. The operator gate asks the rule table (`analytics`).
 */
export const analyticsAdminRoutes: FastifyPluginAsyncZod<{ reports: AnalyticsReportsService }> = async (
  app,
  { reports },
) => {
  app.get(
    '/api/admin/analytics/streams',
    {
      config: { admin: { resource: 'analytics', action: 'read' } },
      schema: { tags, querystring: StreamReportQuerySchema, response: { 200: dataOf(StreamReportSchema) } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      return { data: await reports.stream(consoleOperator(req), req.query) }
    },
  )
  app.get(
    '/api/admin/analytics/channel',
    {
      config: { admin: { resource: 'analytics', action: 'read' } },
      schema: { tags, querystring: AnalyticsRangeQuerySchema, response: { 200: dataOf(ChannelReportSchema) } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      return { data: await reports.channel(consoleOperator(req), req.query) }
    },
  )
  app.get(
    '/api/admin/analytics/retention',
    {
      config: { admin: { resource: 'analytics', action: 'read' } },
      schema: { tags, response: { 200: dataOf(AnalyticsRetentionSchema) } },
    },
    async (req) => ({ data: await reports.retention(consoleOperator(req)) }),
  )
  app.patch(
    '/api/admin/analytics/retention',
    {
      config: { admin: { resource: 'analytics', action: 'update' } },
      schema: { tags, body: AnalyticsRetentionSchema, response: { 200: dataOf(AnalyticsRetentionSchema) } },
    },
    async (req) => ({ data: await reports.setRetention(consoleOperator(req), req.body.days) }),
  )
}
