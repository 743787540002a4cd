import { type Card, messages, type Order } from '@fieldhouse/contract'
import type { ChannelRow, OrderRow, PassRow } from '../../db/schema.js'
import { invalid, notFound } from '../../lib/errors.js'
import type { Session } from '../../lib/session.js'
import type { PaymentGateway } from './gateways/gateway.js'
import type { OrderPayments } from './order-payments.js'
import type { OrdersRepository } from './orders.repository.js'
import type { PassesRepository } from './passes.repository.js'
import type { PaymentCustomers } from './payment-customers.js'
import { presentOrder, presentTransaction } from './payments.presenter.js'
import type { PaymentsRepository } from './payments.repository.js'

/**
 * The viewer's side of payments (spec §7): their orders and transactions, auto-renewal off, saved
 * cards, a card saved without paying, and the provider's customer portal.
 */
export class PaymentAccountService {
  constructor(
    private readonly repo: PaymentsRepository,
    private readonly passesRepo: PassesRepository,
    private readonly ordersRepo: OrdersRepository,
    private readonly gateway: PaymentGateway,
    private readonly customers: PaymentCustomers,
    private readonly payments: OrderPayments,
    private readonly clock: () => number = () => Date.now(),
  ) {}

  private async present(rows: OrderRow[], channel: ChannelRow) {
    const passes = new Map<number, PassRow>()
    for (const r of rows) {
      if (!passes.has(r.pass_id)) {
        const p = await this.passesRepo.byId(channel.id, r.pass_id)
        if (p) passes.set(p.id, p)
      }
    }
    return rows.flatMap((r) => {
      const p = passes.get(r.pass_id)
      return p ? [presentOrder(r, p)] : []
    })
  }

  async orders(session: Session, page: { offset: number; limit: number | null }) {
    const user = await this.customers.userOf(session)
    const [rows, total] = await Promise.all([
      this.ordersRepo.ordersOfUser(user.id, page),
      this.ordersRepo.countOrdersOfUser(user.id),
    ])
    return { data: await this.present(rows, session.channel), meta: { total, offset: page.offset, limit: page.limit } }
  }

  /** One of the viewer's orders; while its payment waits for 3-D Secure, with what the browser needs. */
  async order(session: Session, id: number) {
    const user = await this.customers.userOf(session)
    const row = await this.ordersRepo.orderOfUser(user.id, id)
    if (!row) throw notFound('order')
    const order = (await this.present([row], session.channel))[0] as Order
    const nextAction = await this.payments.nextActionOf(row)
    return nextAction ? { ...order, next_action: nextAction } : order
  }

  async transactions(session: Session) {
    const user = await this.customers.userOf(session)
    return (await this.repo.transactionsOfUser(user.id)).map(presentTransaction)
  }

  /** `POST stripe/unsubscribe`: auto-renewal off; the pass keeps working to the end of its period. */
  async unsubscribe(session: Session, orderId: number | undefined) {
    const user = await this.customers.userOf(session)
    if (!orderId) throw invalid({ order_id: [messages.idNotSelected] }, messages.idNotSelected)
    const row = await this.ordersRepo.orderOfUser(user.id, orderId)
    if (!row) throw notFound('order')
    if (row.type !== 'subscription' || !row.provider_subscription_id) {
      throw invalid({ order_id: [messages.notSubscription] }, messages.notSubscription)
    }
    await this.gateway.setCancelAtPeriodEnd(row.provider_subscription_id, true)
    await this.ordersRepo.stopRenewal(row.id, this.clock())
    return (await this.present([(await this.ordersRepo.order(row.id)) as OrderRow], session.channel))[0] as Order
  }

  async cards(session: Session): Promise<Card[]> {
    const user = await this.customers.userOf(session)
    const customerId = await this.customers.customerId(user.id)
    if (!customerId) return []
    return (await this.gateway.listCards(customerId)).map((c) => ({
      id: c.id,
      brand: c.brand,
      last4: c.last4,
      exp_month: c.expMonth,
      exp_year: c.expYear,
    }))
  }

  async setupIntent(session: Session) {
    const user = await this.customers.userOf(session)
    return this.gateway.setupIntent(await this.customers.customer(user))
  }

  async customerPortal(session: Session, returnUrl: string) {
    const user = await this.customers.userOf(session)
    return this.gateway.portalUrl(await this.customers.customer(user), returnUrl)
  }
}
