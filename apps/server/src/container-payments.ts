import type { FastifyBaseLogger } from 'fastify'
import type { Config } from './config.js'
import type { madeOnce } from './lib/made-once.js'
import type { AuditSink } from './lib/operator.js'
import type { AccessService } from './modules/access/access.service.js'
import type { FormsService } from './modules/forms/forms.service.js'
import { BundlesRepository } from './modules/payments/bundles.repository.js'
import { ConsoleActionsRepository } from './modules/payments/console-actions.repository.js'
import { createGateway } from './modules/payments/gateways/create-gateway.js'
import type { PaymentGateway } from './modules/payments/gateways/gateway.js'
import { TestGatewayRepository } from './modules/payments/gateways/test-gateway.repository.js'
import { OrdersRepository } from './modules/payments/orders.repository.js'
import { PassesRepository } from './modules/payments/passes.repository.js'
import { type Payments, paymentsModule } from './modules/payments/payments.module.js'
import { PaymentsRepository } from './modules/payments/payments.repository.js'
import { RefundsRepository } from './modules/payments/refunds.repository.js'
import { SalesRepository } from './modules/payments/sales.repository.js'
import { SalesAdminRepository } from './modules/payments/sales-admin.repository.js'

type Once = ReturnType<typeof madeOnce>['once']

/**
 * The container's payments parts (decisions 0035, 0036, 0040): the gateway and the payments services,
 * each made the first time a role asks for it. The test gateway delivers its events in process, to
 * the payments services made with it.
 */
export function paymentsParts(
  once: Once,
  d: {
    config: Config
    kysely: ConstructorParameters<typeof OrdersRepository>[0]
    dialect: ConstructorParameters<typeof OrdersRepository>[1]
    log: FastifyBaseLogger
    clock: () => number
    access: () => AccessService
    forms: () => FormsService
    audit: AuditSink
  },
) {
  const { kysely } = d
  const gateway = once(
    'gateway',
    (): PaymentGateway =>
      createGateway(d.config, new TestGatewayRepository(kysely), (event) =>
        payments()
          .events.handleEvent(event)
          .then(() => undefined),
      ),
  )
  const payments = once(
    'payments',
    (): Payments =>
      paymentsModule.build({
        repo: new PaymentsRepository(kysely),
        passes: new PassesRepository(kysely),
        bundles: new BundlesRepository(kysely),
        orders: new OrdersRepository(kysely, d.dialect),
        gateway: gateway(),
        log: d.log,
        clock: d.clock,
        access: d.access(),
        onPaid: (order) => d.forms().chooseBasicPass(order.channelId, order.userId),
        console: { repo: new SalesAdminRepository(kysely), audit: d.audit },
        sales: {
          repo: new SalesRepository(kysely),
          refunds: new RefundsRepository(kysely, d.dialect),
          actions: new ConsoleActionsRepository(kysely),
          audit: d.audit,
        },
      }),
  )
  return { gateway, payments }
}
