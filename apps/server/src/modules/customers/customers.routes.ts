import {
  AdminCustomerDetailSchema,
  AdminCustomerSchema,
  AdminCustomersQuerySchema,
  AdminIdParamsSchema,
  CustomerMailSentSchema,
} from '@fieldhouse/contract'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { consoleRoutes } from '../../lib/console-routes.js'
import { consoleOperator } from '../../lib/operator.js'
import type { CustomersService } from './customers.service.js'

/** Actions on a viewer: no body worth the name, and no more than an operator clicks. */
const action = { bodyLimit: 1024, rateLimit: { max: 30, timeWindow: 60_000 } }

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
  const routes = consoleRoutes(app, { tags: ['console: customers'], operator: consoleOperator, noStore: true })
  routes.crud({
    base: '/api/admin/customers',
    resource: 'users',
    item: AdminCustomerDetailSchema,
    list: {
      query: AdminCustomersQuerySchema,
      item: AdminCustomerSchema,
      run: (op, query) => customers.list(op, query),
    },
    read: (op, id) => customers.detail(op, id),
  })
  for (const [path, mail] of [
    ['verification', 'verify'],
    ['password-reset', 'reset'],
  ] as const) {
    routes.route({
      method: 'POST',
      url: `/api/admin/customers/:id/${path}`,
      admin: { resource: 'users', action: 'resend' },
      ...action,
      params: AdminIdParamsSchema,
      item: CustomerMailSentSchema,
      run: async (op, { params }, req) => customers.mail(op, params.id, mail, await origin(req)),
    })
  }
  for (const [path, block] of [
    ['block', true],
    ['unblock', false],
  ] as const) {
    routes.route({
      method: 'POST',
      url: `/api/admin/customers/:id/${path}`,
      admin: { resource: 'users', action: 'update' },
      ...action,
      params: AdminIdParamsSchema,
      item: AdminCustomerSchema,
      run: (op, { params }) => (block ? customers.block(op, params.id) : customers.unblock(op, params.id)),
    })
  }
}
