import {
  AdminCouponCreateSchema,
  AdminCouponSchema,
  AdminCouponsQuerySchema,
  AdminCouponUpdateSchema,
  AdminPassCreateSchema,
  AdminPassesQuerySchema,
  AdminPassSchema,
  AdminPassUpdateSchema,
} from '@fieldhouse/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { consoleRoutes } from '../../lib/console-routes.js'
import { consoleOperator } from '../../lib/operator.js'
import type { SalesAdminService } from './sales-admin.service.js'

/**
 * The console's passes and prices, and coupons (decision 0035). The session plugin's operator gate
 * asks the rule table (`passes`, `coupons`) before each handler runs; the service scopes by channel.
 */
export const salesAdminRoutes: FastifyPluginAsyncZod<{ sales: SalesAdminService }> = async (app, { sales }) => {
  consoleRoutes(app, { tags: ['console: passes'], operator: consoleOperator, noStore: true }).crud({
    base: '/api/admin/passes',
    resource: 'passes',
    item: AdminPassSchema,
    list: { query: AdminPassesQuerySchema, run: (op, query) => sales.listPasses(op, query) },
    read: (op, id) => sales.readPass(op, id),
    create: { body: AdminPassCreateSchema, run: (op, body) => sales.createPass(op, body) },
    update: { body: AdminPassUpdateSchema, run: (op, id, body) => sales.updatePass(op, id, body) },
    remove: (op, id) => sales.deletePass(op, id),
  })
  consoleRoutes(app, { tags: ['console: coupons'], operator: consoleOperator, noStore: true }).crud({
    base: '/api/admin/coupons',
    resource: 'coupons',
    item: AdminCouponSchema,
    list: { query: AdminCouponsQuerySchema, run: (op, query) => sales.listCoupons(op, query) },
    read: (op, id) => sales.readCoupon(op, id),
    create: { body: AdminCouponCreateSchema, run: (op, body) => sales.createCoupon(op, body) },
    update: { body: AdminCouponUpdateSchema, run: (op, id, body) => sales.updateCoupon(op, id, body) },
    remove: (op, id) => sales.deleteCoupon(op, id),
  })
}
