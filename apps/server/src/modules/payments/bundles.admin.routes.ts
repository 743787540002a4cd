import {
  AdminBundleCreateSchema,
  AdminBundleSchema,
  AdminBundlesQuerySchema,
  AdminBundleUpdateSchema,
} from '@fieldhouse/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { consoleRoutes } from '../../lib/console-routes.js'
import { consoleOperator } from '../../lib/operator.js'
import type { BundlesAdminService } from './bundles-admin.service.js'

/**
 * The console's bundles (decision 0040): list, read, create, update (retire and put back), delete.
 * The session plugin's operator gate asks the rule table (`bundles`) first; the service scopes by channel.
 */
export const bundlesAdminRoutes: FastifyPluginAsyncZod<{ bundles: BundlesAdminService }> = async (app, { bundles }) => {
  consoleRoutes(app, { tags: ['console: bundles'], operator: consoleOperator, noStore: true }).crud({
    base: '/api/admin/bundles',
    resource: 'bundles',
    item: AdminBundleSchema,
    list: { query: AdminBundlesQuerySchema, run: (op, query) => bundles.list(op, query) },
    read: (op, id) => bundles.read(op, id),
    create: { body: AdminBundleCreateSchema, run: (op, body) => bundles.create(op, body) },
    update: { body: AdminBundleUpdateSchema, run: (op, id, body) => bundles.update(op, id, body) },
    remove: (op, id) => bundles.delete(op, id),
  })
}
