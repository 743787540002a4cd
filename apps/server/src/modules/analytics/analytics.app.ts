import http from 'node:http'
import rateLimit from '@fastify/rate-limit'
import { analyticsLimits } from '@fieldhouse/contract'
import Fastify, { type FastifyBaseLogger } from 'fastify'
import type { Config } from '../../config.js'
import { AppError } from '../../lib/errors.js'
import { parseQuery } from '../../lib/query-string.js'
import { registerErrorHandling } from '../../plugins/errors.js'
import type { GeoService } from '../geo/geo.service.js'
import type { AnalyticsIngestService } from './analytics.service.js'
import { datalakeRoutes } from './datalake.routes.js'

/**
 * The analytics service's HTTP app (role `analytics`, its own port): spec §7's datalake calls, open
 * to every origin (the channels' web apps live on many domains; nothing here reads a cookie), a
 * small body limit, a limit per client address, and the house's error format.
 */
export async function buildAnalyticsApp(deps: {
  config: Config
  log: FastifyBaseLogger
  ingest: AnalyticsIngestService
  geo: GeoService
}) {
  const { config } = deps
  const app = Fastify({
    loggerInstance: deps.log,
    bodyLimit: analyticsLimits.bodyMaxBytes,
    keepAliveTimeout: 72_000,
    serverFactory: (handler) =>
      http.createServer(
        { requestTimeout: config.REQUEST_TIMEOUT_MS, headersTimeout: config.HEADERS_TIMEOUT_MS },
        handler,
      ),
    trustProxy: config.TRUST_PROXY_HOPS > 0 ? config.TRUST_PROXY_HOPS : false,
    routerOptions: { querystringParser: (str: string) => parseQuery(str), ignoreTrailingSlash: true },
    disableRequestLogging: true,
  })
  registerErrorHandling(app)
  // sendBeacon posts text/plain (no preflight); its text is the same JSON.
  app.removeContentTypeParser('text/plain')
  app.addContentTypeParser(['text/plain', 'application/json'], { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string))
    } catch {
      done(new AppError(400, 'The body is not JSON'), undefined)
    }
  })
  app.addHook('onRequest', async (req, reply) => {
    reply.header('access-control-allow-origin', '*')
    if (req.method === 'OPTIONS') {
      reply
        .header('access-control-allow-methods', 'GET, POST, OPTIONS')
        .header('access-control-allow-headers', 'content-type')
        .header('access-control-max-age', '86400')
      return reply.status(204).send()
    }
  })
  await app.register(rateLimit, {
    global: true,
    max: config.ANALYTICS_RATE_LIMIT_MAX,
    timeWindow: 60_000,
    keyGenerator: (req) => req.ip,
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    errorResponseBuilder: (_req, context) => ({ statusCode: 429, retryAfter: context.after }),
  })
  app.get('/health', async () => ({ data: { status: 'ok' as const } }))
  app.options('*', async (_req, reply) => reply.status(204).send())
  await app.register(datalakeRoutes, { ingest: deps.ingest, geo: deps.geo })
  return app
}
export type AnalyticsApp = Awaited<ReturnType<typeof buildAnalyticsApp>>
