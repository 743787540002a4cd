import type { AccessService } from '../access/access.service.js'
import type { PaymentGateway } from './gateways/gateway.js'
import type { OrderEventsService } from './order-events.service.js'
import type { OrderPayments } from './order-payments.js'
import type { OrdersRepository } from './orders.repository.js'
import type { PassesRepository } from './passes.repository.js'
import type { PaymentCustomers } from './payment-customers.js'
import type { PaymentsRepository } from './payments.repository.js'
import { DAY, intervalOf, renewalAmount } from './pricing.js'

/** Why reconciliation failed an order (the failure page shows it). */
export const RECONCILE_MESSAGES = {
  nothingCharged: 'The payment did not go through.',
  authenticationTimedOut: 'The payment was not confirmed with your bank (3-D Secure) in time. Nothing was charged.',
} as const

/** How long reconciliation waits before it asks, gives up on a payment never made, and on 3-D Secure. */
export interface ReconcileTimes {
  staleAfterMs?: number
  giveUpAfterMs?: number
  authenticationTimeoutMs?: number
}

/**
 * The scheduled work of payments, run every minute by the worker: passes renewed or closed at the
 * end of their period (`renewDue`), and orders a crash or a lost event left half done settled with
 * the provider's word (`reconcile`).
 */
export class RenewalsService {
  constructor(
    private readonly repo: PaymentsRepository,
    private readonly passesRepo: PassesRepository,
    private readonly orders: OrdersRepository,
    private readonly gateway: PaymentGateway,
    private readonly customers: PaymentCustomers,
    private readonly payments: OrderPayments,
    private readonly events: OrderEventsService,
    /** Entitlements: the viewer's holdings, forgotten when a pass closes. */
    private readonly access: AccessService,
    private readonly clock: () => number = () => Date.now(),
  ) {}

  /**
   * Passes past their period stop opening content (a subscription whose renewal is off, or whose
   * renewal never came); a subscription of a gateway that renews its own (`PaymentGateway.renew`, the
   * test gateway) is charged for its next period, as Stripe renews its own and tells us by webhook.
   */
  async renewDue() {
    const now = this.clock()
    const due = await this.orders.periodEnded(now)
    const renew = this.gateway.renew?.bind(this.gateway)
    for (const o of due) {
      if (renew && o.type === 'subscription' && o.auto_renew === 1 && o.gateway === this.gateway.name) {
        const pass = await this.passesRepo.byId(o.channel_id, o.pass_id)
        const customerId = await this.customers.customerId(o.user_id)
        if (pass && customerId && o.provider_subscription_id && o.period_end !== null) {
          // The pass's price now (a price change reaches a subscriber at renewal), less a repeating coupon's discount.
          const coupon = o.coupon_code ? await this.repo.coupon(o.channel_id, o.coupon_code) : null
          await renew({
            orderId: o.id,
            subscriptionId: o.provider_subscription_id,
            customerId,
            amount: renewalAmount(pass.price, coupon, o.trial_ends_at ?? o.created_at, o.period_end),
            currency: o.currency,
            interval: intervalOf(pass),
            periodEnd: o.period_end,
          })
          continue
        }
      }
      // A Stripe renewal gets a day's grace for its webhook; anything else ends with its period.
      const grace = o.type === 'subscription' && o.auto_renew === 1 ? DAY : 0
      if ((o.period_end as number) + grace <= now) {
        await this.orders.expire(o.id, now)
        this.access.forget(o.user_id)
      }
    }
  }

  /**
   * Orders still `created` a while after checkout: the process may have died between the provider's
   * answer and our record of it, or an event was lost. The provider is asked what it holds for the
   * order (by the ids we wrote, else by the order id its objects carry) and its answer is applied as
   * events — no second charge, one order. Nothing at the provider after `giveUpAfterMs`: the order
   * fails. A payment still waiting for 3-D Secure after `authenticationTimeoutMs` is cancelled at the
   * provider and the order fails with a message that says so. Answers how many orders it settled.
   */
  async reconcile(times: ReconcileTimes = {}) {
    const { staleAfterMs = 30_000, giveUpAfterMs = 15 * 60_000, authenticationTimeoutMs = 30 * 60_000 } = times
    const now = this.clock()
    const stale = await this.orders.unanswered(this.gateway.name, now - staleAfterMs)
    let settled = 0
    for (const o of stale) {
      const pass = await this.passesRepo.byId(o.channel_id, o.pass_id)
      const found = await this.payments.lookup(o, pass)
      const age = now - o.created_at
      if (found.state === 'none' && age >= giveUpAfterMs) {
        await this.events.failLocally(o.id, RECONCILE_MESSAGES.nothingCharged)
        settled++
      } else if (found.state === 'requires_action' && age >= authenticationTimeoutMs) {
        if (await this.gateway.cancelPending(found)) {
          await this.events.failLocally(o.id, RECONCILE_MESSAGES.authenticationTimedOut)
          settled++
        }
      } else if (found.state === 'settled') {
        for (const event of found.events) await this.events.handleEvent(event)
        settled++
      }
    }
    return settled
  }
}
