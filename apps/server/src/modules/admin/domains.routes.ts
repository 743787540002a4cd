import {
  AdminDomainCreateSchema,
  AdminDomainSchema,
  AdminIdParamsSchema,
  adminListOf,
  dataOf,
} from '@fieldhouse/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { DomainsService } from './domains.service.js'

const tags = ['admin']

/**
 * `/api/admin/domains` (decision 0041): every operator reads the channel's domains; owners add one,
 * verify it (a DNS look-up: per api key at most `verifyRateLimitMax` a minute, and per domain at most
 * one every few seconds in the service) and remove one.
 */
export const domainsRoutes: FastifyPluginAsyncZod<{ domains: DomainsService; verifyRateLimitMax: number }> = async (
  app,
  { domains, verifyRateLimitMax },
) => {
  app.get(
    '/api/admin/domains',
    {
      config: { admin: { resource: 'domains', action: 'read' } },
      schema: { tags, response: { 200: adminListOf(AdminDomainSchema) } },
    },
    async (req) => {
      const data = await domains.list(req.operator)
      return { data, meta: { total: data.length, offset: 0, limit: null } }
    },
  )
  app.post(
    '/api/admin/domains',
    {
      config: { admin: { resource: 'domains', action: 'create' } },
      schema: { tags, body: AdminDomainCreateSchema, response: { 201: dataOf(AdminDomainSchema) } },
    },
    async (req, reply) => {
      const data = await domains.add(req.operator, req.body)
      reply.code(201)
      return { data }
    },
  )
  app.post(
    '/api/admin/domains/:id/verify',
    {
      config: {
        admin: { resource: 'domains', action: 'update' },
        rateLimit: { max: verifyRateLimitMax, timeWindow: 60_000 },
      },
      schema: { tags, params: AdminIdParamsSchema, response: { 200: dataOf(AdminDomainSchema) } },
    },
    async (req) => ({ data: await domains.verify(req.operator, req.params.id) }),
  )
  app.delete(
    '/api/admin/domains/:id',
    {
      config: { admin: { resource: 'domains', action: 'delete' } },
      schema: { tags, params: AdminIdParamsSchema },
    },
    async (req, reply) => {
      await domains.remove(req.operator, req.params.id)
      return reply.code(204).send()
    },
  )
}
