import {
  AdminCustomerDetailSchema,
  AdminCustomerSchema,
  AdminCustomersQuerySchema,
  AdminIdParamsSchema,
  adminListOf,
  CustomerMailSentSchema,
  dataOf,
} from '@fieldhouse/contract'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { consoleOperator } from '../../lib/operator.js'
import type { CustomersService } from './customers.service.js'

const tags = ['console: customers']
/** Actions on a viewer: no body worth the name, and no more than an operator clicks. */
const action = { bodyLimit: 1024, config: { rateLimit: { max: 30, timeWindow: 60_000 } } }

/**
 * The console's customers (decision 0038). The session plugin's operator gate asks the rule table
 * (`users`: read, resend, update) before each handler; the service scopes everything to the
 * operator's channel.
 */
export const customersRoutes: FastifyPluginAsyncZod<{
  customers: CustomersService
  /** Where the viewer's links point: the channel's own host when the console is open on it. */
  origin: (req: FastifyRequest) => Promise<string>
}> = async (app, { customers, origin }) => {
  app.get(
    '/api/admin/customers',
    {
      config: { admin: { resource: 'users', action: 'read' } },
      schema: { tags, querystring: AdminCustomersQuerySchema, response: { 200: adminListOf(AdminCustomerSchema) } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      return customers.list(consoleOperator(req), req.query)
    },
  )
  app.get(
    '/api/admin/customers/:id',
    {
      config: { admin: { resource: 'users', action: 'read' } },
      schema: { tags, params: AdminIdParamsSchema, response: { 200: dataOf(AdminCustomerDetailSchema) } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      return { data: await customers.detail(consoleOperator(req), req.params.id) }
    },
  )
  for (const [path, mail] of [
    ['verification', 'verify'],
    ['password-reset', 'reset'],
  ] as const) {
    app.post(
      `/api/admin/customers/:id/${path}`,
      {
        ...action,
        config: { ...action.config, admin: { resource: 'users', action: 'resend' } },
        schema: { tags, params: AdminIdParamsSchema, response: { 200: dataOf(CustomerMailSentSchema) } },
      },
      async (req) => ({ data: await customers.mail(consoleOperator(req), req.params.id, mail, await origin(req)) }),
    )
  }
  for (const [path, block] of [
    ['block', true],
    ['unblock', false],
  ] as const) {
    app.post(
      `/api/admin/customers/:id/${path}`,
      {
        ...action,
        config: { ...action.config, admin: { resource: 'users', action: 'update' } },
        schema: { tags, params: AdminIdParamsSchema, response: { 200: dataOf(AdminCustomerSchema) } },
      },
      async (req) => {
        const op = consoleOperator(req)
        return { data: await (block ? customers.block(op, req.params.id) : customers.unblock(op, req.params.id)) }
      },
    )
  }
}
