import { AdminDomainCreateSchema, AdminDomainSchema, AdminIdParamsSchema } from '@fieldhouse/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { consoleRoutes, wholeList } from '../../lib/console-routes.js'
import type { DomainsService } from './domains.service.js'

/**
 * `/api/admin/domains` (decision 0041): every operator reads the channel's domains; owners add one,
 * verify it (a DNS look-up: per api key at most `verifyRateLimitMax` a minute, and per domain at most
 * one every few seconds in the service) and remove one.
 */
export const domainsRoutes: FastifyPluginAsyncZod<{ domains: DomainsService; verifyRateLimitMax: number }> = async (
  app,
  { domains, verifyRateLimitMax },
) => {
  const routes = consoleRoutes(app, { tags: ['admin'], operator: (req) => req.operator })
  const base = '/api/admin/domains'
  const item = AdminDomainSchema
  routes.crud({
    base,
    resource: 'domains',
    item,
    list: { run: async (op) => wholeList(await domains.list(op)) },
    create: { body: AdminDomainCreateSchema, run: (op, body) => domains.add(op, body) },
  })
  routes.route({
    method: 'POST',
    url: `${base}/:id/verify`,
    admin: { resource: 'domains', action: 'update' },
    rateLimit: { max: verifyRateLimitMax, timeWindow: 60_000 },
    params: AdminIdParamsSchema,
    item,
    run: (op, { params }) => domains.verify(op, params.id),
  })
  routes.crud({ base, resource: 'domains', item, remove: (op, id) => domains.remove(op, id) })
}
