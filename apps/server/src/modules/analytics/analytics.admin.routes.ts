import {
  AnalyticsRangeQuerySchema,
  AnalyticsRetentionSchema,
  ChannelReportSchema,
  StreamReportQuerySchema,
  StreamReportSchema,
} from '@fieldhouse/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { consoleRoutes } from '../../lib/console-routes.js'
import { consoleOperator } from '../../lib/operator.js'
import type { AnalyticsReportsService } from './analytics-reports.service.js'

/**
 * The console's analytics (decision 0033): a stream's report (an event, live and replay, or a VOD
 * item), the channel's, and its retention. The operator gate asks the rule table (`analytics`).
 */
export const analyticsAdminRoutes: FastifyPluginAsyncZod<{ reports: AnalyticsReportsService }> = async (
  app,
  { reports },
) => {
  const tags = ['console: analytics']
  const reads = consoleRoutes(app, { tags, operator: consoleOperator, noStore: true })
  const admin = { resource: 'analytics', action: 'read' } as const
  reads.route({
    method: 'GET',
    url: '/api/admin/analytics/streams',
    admin,
    querystring: StreamReportQuerySchema,
    item: StreamReportSchema,
    run: (op, { query }) => reports.stream(op, query),
  })
  reads.route({
    method: 'GET',
    url: '/api/admin/analytics/channel',
    admin,
    querystring: AnalyticsRangeQuerySchema,
    item: ChannelReportSchema,
    run: (op, { query }) => reports.channel(op, query),
  })
  // The retention setting is read without the no-store header.
  consoleRoutes(app, { tags, operator: consoleOperator }).singleton({
    url: '/api/admin/analytics/retention',
    resource: 'analytics',
    item: AnalyticsRetentionSchema,
    read: (op) => reports.retention(op),
    update: { body: AnalyticsRetentionSchema, run: (op, body) => reports.setRetention(op, body.days) },
  })
}
