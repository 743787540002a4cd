import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify'
import type { AuditSink } from '../../lib/operator.js'
import type { AccessService } from '../access/access.service.js'
import { bundlesAdminRoutes } from './bundles.admin.routes.js'
import type { BundlesRepository } from './bundles.repository.js'
import { BundlesAdminService } from './bundles-admin.service.js'
import { CheckoutService } from './checkout.service.js'
import { ConsoleActions } from './console-actions.js'
import type { ConsoleActionsRepository } from './console-actions.repository.js'
import type { PaymentGateway } from './gateways/gateway.js'
import { OrderEventsService } from './order-events.service.js'
import { OrderPayments } from './order-payments.js'
import type { OrdersRepository } from './orders.repository.js'
import { PassCatalogueService } from './pass-catalogue.service.js'
import type { PassesRepository } from './passes.repository.js'
import { PaymentAccountService } from './payment-account.service.js'
import { PaymentCustomers } from './payment-customers.js'
import type { PaymentsRepository } from './payments.repository.js'
import { paymentsRoutes } from './payments.routes.js'
import type { RefundsRepository } from './refunds.repository.js'
import { RefundsService } from './refunds.service.js'
import { RenewalsService } from './renewals.service.js'
import { RevenueService } from './revenue.service.js'
import { salesAdminRoutes } from './sales.admin.routes.js'
import type { SalesRepository } from './sales.repository.js'
import { salesRoutes } from './sales.routes.js'
import { SalesService } from './sales.service.js'
import type { SalesAdminRepository } from './sales-admin.repository.js'
import { SalesAdminService } from './sales-admin.service.js'

/** What the payments services are built from: the repositories, the gateway, and the app's own. */
export interface PaymentsDeps {
  repo: PaymentsRepository
  /** The passes and bundles tables, each owned by one repository. */
  passes: PassesRepository
  bundles: BundlesRepository
  orders: OrdersRepository
  gateway: PaymentGateway
  log: FastifyBaseLogger
  /** Entitlements: what passes open, and the viewer's holdings (forgotten when an order changes). */
  access: AccessService
  clock?: (() => number) | undefined
  /** An order has just become paid (after its commit): the basic-pass choice. */
  onPaid?: ((order: { channelId: number; userId: number }) => Promise<void>) | undefined
  /** The console's passes and coupons (decision 0035): their queries, and where their writes are recorded. */
  console?: { repo: SalesAdminRepository; audit: AuditSink } | undefined
  /**
   * The console's sales (decision 0036): its queries over orders, refunds and the console's action
   * keys, and where its money actions are recorded.
   */
  sales?:
    | { repo: SalesRepository; refunds: RefundsRepository; actions: ConsoleActionsRepository; audit: AuditSink }
    | undefined
}

/**
 * Passes and payments (spec §1, §4, §7), each part with its collaborators passed in:
 * - `catalogue`: the passes and bundles on sale, coupons and prices;
 * - `checkout`: buying a pass, a bundle or a trial;
 * - `events`: the provider's events applied to orders (the only writer of an order's state);
 * - `account`: the viewer's orders, transactions, cards and auto-renewal;
 * - `renewals`: the scheduled work — `renewDue()` and `reconcile()`;
 * - `admin`: the console's passes, prices and coupons (when `console` is given);
 * - `bundles`: the console's bundles (decision 0040, when `console` is given);
 * - `sales`, `refunds`, `revenue`: the console's orders, complimentary passes, refunds and revenue.
 */
export function createPayments(deps: PaymentsDeps) {
  const { repo, passes, bundles, orders, gateway, log, access } = deps
  const clock = deps.clock ?? (() => Date.now())
  const customers = new PaymentCustomers(repo, gateway)
  const catalogue = new PassCatalogueService(repo, passes, bundles, gateway, customers, access, clock)
  const events = new OrderEventsService(orders, gateway, { log, access, onPaid: deps.onPaid, clock })
  const payments = new OrderPayments(orders, gateway, customers, events, log)
  return {
    catalogue,
    checkout: new CheckoutService(
      repo,
      passes,
      bundles,
      orders,
      gateway,
      catalogue,
      customers,
      payments,
      events,
      clock,
    ),
    events,
    account: new PaymentAccountService(repo, passes, orders, gateway, customers, payments, clock),
    renewals: new RenewalsService(repo, passes, orders, gateway, customers, payments, events, access, clock),
    admin: deps.console
      ? new SalesAdminService({
          repo: deps.console.repo,
          passes,
          bundles,
          gateway,
          audit: deps.console.audit,
          log,
          clock,
        })
      : null,
    bundles: deps.console
      ? new BundlesAdminService({ sold: deps.console.repo, bundles, passes, audit: deps.console.audit, clock })
      : null,
    ...consoleSales(deps, { access, log, clock }),
  }
}

export type Payments = ReturnType<typeof createPayments>

/** The console's orders, refunds and revenue (decision 0036), when the console's sales are given. */
function consoleSales(
  deps: PaymentsDeps,
  common: { access: AccessService; log: FastifyBaseLogger; clock: () => number },
) {
  if (!deps.sales) return { sales: null, refunds: null, revenue: null }
  const { repo, refunds, actions, audit } = deps.sales
  const parts = { ...common, audit }
  return {
    sales: new SalesService(repo, deps.gateway, {
      ...parts,
      passes: deps.passes,
      refunds,
      actions: new ConsoleActions(actions, common.clock),
    }),
    refunds: new RefundsService(refunds, repo, deps.gateway, parts),
    revenue: new RevenueService(repo, common.clock),
  }
}

/**
 * The payments module's HTTP side: the viewer's passes, checkout and account (spec §7), and the console's
 * passes and coupons, bundles, orders, refunds and revenue (when `createPayments` was given the console's parts).
 */
const paymentsHttp: FastifyPluginAsync<
  { payments: Payments } & Pick<Parameters<typeof paymentsRoutes>[1], 'gateway' | 'catalog' | 'publicUrl'>
> = async (app, { payments, ...viewer }) => {
  const { catalogue, checkout, account, events } = payments
  await app.register(paymentsRoutes, { catalogue, checkout, account, events, ...viewer })
  if (payments.admin) await app.register(salesAdminRoutes, { sales: payments.admin })
  if (payments.bundles) await app.register(bundlesAdminRoutes, { bundles: payments.bundles })
  if (payments.sales && payments.refunds && payments.revenue)
    await app.register(salesRoutes, { sales: payments.sales, refunds: payments.refunds, revenue: payments.revenue })
}

/** What the container and the app take of the payments module: `build` (the container's `payments`) and `routes`. Its jobs are in payments.jobs.ts. */
export const paymentsModule = { build: createPayments, routes: paymentsHttp }
