import { randomUUID } from 'node:crypto'
import {
  alreadyBought,
  type BuyBundleRequestSchema,
  type BuyRequest,
  messages,
  type Order,
  type StartTrialRequestSchema,
} from '@fieldhouse/contract'
import type { z } from 'zod'
import type { OrderRow, PassKind, PassRow } from '../../db/schema.js'
import { AppError, conflict, invalid } from '../../lib/errors.js'
import { parseJson } from '../../lib/json.js'
import type { Session } from '../../lib/session.js'
import type { BundlesRepository } from './bundles.repository.js'
import type { PaymentGateway, PaymentSource } from './gateways/gateway.js'
import type { OrderEventsService } from './order-events.service.js'
import type { OrderPayments } from './order-payments.js'
import type { OrdersRepository } from './orders.repository.js'
import type { PassCatalogueService } from './pass-catalogue.service.js'
import type { PassesRepository } from './passes.repository.js'
import type { Buyer, PaymentCustomers } from './payment-customers.js'
import { presentOrder } from './payments.presenter.js'
import type { PaymentsRepository } from './payments.repository.js'
import { DAY } from './pricing.js'

type PaymentInput = {
  payment_method_id?: string | undefined
  card?: { number: string; exp_month: number; exp_year: number; cvc: string } | undefined
  save_card?: boolean | undefined
  coupon?: string | undefined
  idempotency_key?: string | undefined
}

/**
 * An open checkout left without a word from the provider this long is taken for dead (its request
 * ended with its process): another checkout of the pass may then pay it or replace it. Longer than
 * the Stripe SDK's 20 s timeout with its retries' first attempt.
 */
const UNANSWERED_AFTER_MS = 30_000

/**
 * What a checkout pays with, as the open-checkout rule compares it: the PaymentMethod id, or for a
 * test card its last four digits and expiry (never the number).
 */
export const checkoutTermsOf = (source: PaymentSource) =>
  source.kind === 'test-card'
    ? `card:${source.number.replace(/[\s-]/g, '').slice(-4)}:${source.expMonth}/${source.expYear}`
    : `pm:${source.paymentMethodId}`.slice(0, 120)

const orderType = (kind: PassKind): OrderRow['type'] =>
  kind === 'subscription' ? 'subscription' : kind === 'event' ? 'event' : 'package'

/**
 * Checkout for every pass kind (spec §1, §4, §7): one order per checkout, charged once, with coupons,
 * trials, bundles and saved cards; one open checkout per viewer and pass; the same checkout asked
 * again (same key) resumes its order and never charges twice.
 */
export class CheckoutService {
  constructor(
    private readonly repo: PaymentsRepository,
    private readonly passesRepo: PassesRepository,
    private readonly bundlesRepo: BundlesRepository,
    private readonly orders: OrdersRepository,
    private readonly gateway: PaymentGateway,
    private readonly catalogue: PassCatalogueService,
    private readonly customers: PaymentCustomers,
    private readonly payments: OrderPayments,
    private readonly events: OrderEventsService,
    private readonly clock: () => number = () => Date.now(),
  ) {}

  /** Which gateway takes the money, for `GET stripe/config`. */
  get gatewayName() {
    return this.gateway.name
  }

  /** Stripe's publishable key for Elements, when Stripe takes the money. */
  get publishableKey() {
    return this.gateway.publishableKey
  }

  private async assertNotBought(userId: number, pass: PassRow) {
    if (await this.orders.holdsPass(userId, pass.id, this.clock())) throw conflict(alreadyBought(orderType(pass.kind)))
  }

  /** `POST stripe/buy`: one order, charged once, settled by the gateway's events. */
  async buy(session: Session, req: BuyRequest): Promise<Order> {
    const user = await this.customers.userOf(session)
    const eventId = req.event_id ?? null
    if (eventId !== null && !req.single_event_package_id && !req.id) {
      throw invalid(
        { single_event_package_id: [messages.singleEventPackageRequired] },
        messages.singleEventPackageRequired,
      )
    }
    const id = req.single_event_package_id ?? req.id
    if (!id) throw invalid({ id: [messages.idNotSelected] }, messages.idNotSelected)
    const pass = await this.passesRepo.byId(session.channel.id, id)
    // The pass's own kind decides what is bought; `type` from the client is informative. A retired pass is off sale.
    if (!pass || pass.retired_at !== null) throw new AppError(404, messages.passNotFound)
    return this.checkout(session, user, [pass], req, { trialDays: 0 })
  }

  /** `POST stripe/subscription/start_trial`: a subscription whose first charge waits for the trial's end. */
  async startTrial(session: Session, req: z.output<typeof StartTrialRequestSchema>): Promise<Order> {
    const user = await this.customers.userOf(session)
    if (!req.subscription_id) throw invalid({ subscription_id: [messages.idNotSelected] }, messages.idNotSelected)
    const pass = await this.passesRepo.byId(session.channel.id, req.subscription_id)
    if (pass?.kind !== 'subscription' || pass.retired_at !== null) throw new AppError(404, messages.passNotFound)
    if (user.trial_period_used === 1 || pass.trial_period <= 0) {
      throw invalid({ subscription_id: [messages.trialUnavailable] }, messages.trialUnavailable)
    }
    if (!req.payment_method_id && !req.card?.number) {
      throw invalid({ payment_method_id: [messages.trialNeedsCard] }, messages.trialNeedsCard)
    }
    return this.checkout(session, user, [pass], req, { trialDays: pass.trial_period })
  }

  /** `POST stripe/buy_bundle`: several passes at the bundle's price, one charge. */
  async buyBundle(session: Session, req: z.output<typeof BuyBundleRequestSchema>): Promise<Order> {
    const user = await this.customers.userOf(session)
    if (!req.bundle_id) throw invalid({ bundle_id: [messages.idNotSelected] }, messages.idNotSelected)
    const bundle = await this.bundlesRepo.onSaleById(session.channel.id, req.bundle_id)
    if (!bundle) throw new AppError(404, messages.passNotFound)
    // A bundle is sold whole: one of its passes off sale takes the bundle off sale (decision 0040).
    const passes: PassRow[] = []
    for (const pid of parseJson<number[]>(bundle.pass_ids, [])) {
      const p = await this.passesRepo.byId(session.channel.id, pid)
      if (!p || p.retired_at !== null) throw new AppError(404, messages.passNotFound)
      passes.push(p)
    }
    if (passes.length === 0) throw new AppError(404, messages.passNotFound)
    return this.checkout(session, user, passes, req, { trialDays: 0, bundle })
  }

  private async checkout(
    session: Session,
    user: Buyer,
    passes: PassRow[],
    input: PaymentInput,
    opts: { trialDays: number; bundle?: { id: number; price: number; service_fee: number } },
  ): Promise<Order> {
    const lead = passes[0] as PassRow
    // The same checkout asked again (a retry after a lost answer or a crash) answers its order, and
    // resumes paying it when the crash came before the provider was asked.
    const earlier = input.idempotency_key ? await this.orders.orderByKey(user.id, input.idempotency_key) : undefined
    if (earlier) return this.again(session, user, earlier, lead, input)
    for (const p of passes) await this.assertNotBought(user.id, p)
    const isSubscription = lead.kind === 'subscription'
    const trial = opts.trialDays > 0
    // Nothing is charged now and the first charge is the subscription's price: no code has anything to take off.
    if (trial && input.coupon) throw invalid({ coupon: [messages.trialNoPromoCode] }, messages.trialNoPromoCode)
    const source = this.sourceOf(input, isSubscription)
    const coupon = await this.catalogue.coupon(
      session.channel,
      input.coupon,
      passes.map((p) => p.id),
      user.id,
    )
    const q = this.catalogue.price(opts.bundle ?? lead, coupon)
    const key = input.idempotency_key ?? randomUUID()
    const terms = checkoutTermsOf(source)
    const now = this.clock()
    const orderValues = (p: PassRow, i: number) => ({
      channel_id: session.channel.id,
      user_id: user.id,
      pass_id: p.id,
      bundle_id: opts.bundle?.id ?? null,
      type: orderType(p.kind),
      status: 'created' as const,
      activity_status: 'inactive' as const,
      // What is charged: a trial's order shows nothing until the trial converts (then its first charge).
      amount: i === 0 && !trial ? q.total : 0,
      discount: i === 0 ? q.discount : 0,
      service_fee: i === 0 ? q.serviceFee : 0,
      currency: session.channel.currency,
      coupon_code: coupon?.code ?? null,
      event_id: p.event_id,
      event_category_id: parseJson<number[]>(p.event_categories, [])[0] ?? null,
      participant_id: p.is_team_pass ? (parseJson<number[]>(p.participants, [])[0] ?? null) : null,
      gateway: this.gateway.name,
      idempotency_key: i === 0 ? key : `${key}#${i + 1}`,
      provider_payment_id: null,
      provider_subscription_id: null,
      period_end: null,
      // Marks the trial's order from the start; the provider's `trialing` event sets the exact end.
      trial_ends_at: trial ? now + opts.trialDays * DAY : null,
      auto_renew: isSubscription ? 1 : 0,
      failure_message: null,
      provider_updated_at: 0,
      // Puts the order under the database's one-open-checkout-per-pass index (migration 0007).
      checkout_terms: terms,
      created_at: now,
      updated_at: now,
    })
    // One open checkout per viewer and pass, decided by the database: of concurrent checkouts with
    // different keys exactly one insert wins; the others join it — or, on other terms (another card
    // or code), replace it once it is cancelled — and never charge a second time.
    let placed: Awaited<ReturnType<OrdersRepository['createOrder']>> | undefined
    for (let attempt = 0; attempt < 3 && placed?.created !== true; attempt++) {
      placed = await this.orders.createOrder(orderValues(lead, 0))
      if (placed.created === true) break
      if (placed.created === 'settled') {
        for (const p of passes) await this.assertNotBought(user.id, p)
        continue
      }
      if (placed.sameKey) return this.again(session, user, placed.order, lead, input)
      const open = placed.order
      const sameTerms =
        open.checkout_terms === terms &&
        open.coupon_code === (coupon?.code ?? null) &&
        open.bundle_id === (opts.bundle?.id ?? null) &&
        open.pass_id === lead.id &&
        !open.idempotency_key.includes('#')
      if (sameTerms) {
        // The open checkout may be one placed just after the pass was paid, about to give way (below):
        // then the pass is bought, as the viewer should hear, and there is nothing to join.
        for (const p of passes) await this.assertNotBought(user.id, p)
        return this.join(session, user, open, lead, source)
      }
      if (!(await this.replace(open))) {
        // The open checkout may have just been paid: then the pass is bought, as the viewer should hear.
        for (const p of passes) await this.assertNotBought(user.id, p)
        throw conflict(messages.checkoutInProgress)
      }
    }
    if (placed?.created !== true) throw conflict(messages.checkoutInProgress)
    const order = placed.order
    // The index holds open checkouts only: one that was paid between our first look and our insert is
    // seen now (it was paid before the insert, or the insert would have been refused). This order then
    // gives way before the provider is asked, and is not kept.
    try {
      for (const p of passes) await this.assertNotBought(user.id, p)
    } catch (error) {
      await this.orders.deleteUnasked(order.id)
      throw error
    }
    for (const [i, p] of passes.entries()) {
      if (i === 0) continue
      // A pass of the bundle already in another open checkout: this one gives way, charging nothing.
      const sibling = await this.orders.createOrder(orderValues(p, i))
      if (sibling.created === 'settled' || (sibling.created === false && !sibling.sameKey)) {
        await this.events.failLocally(order.id, messages.checkoutInProgress, { release: false })
        throw conflict(messages.checkoutInProgress)
      }
    }
    // The coupon's redemption and the trial are held for this checkout (a cap holds however many pay at
    // once) and given back in the same transaction that fails the order (`releaseHolds`).
    if (coupon && !(await this.repo.redeemCoupon(coupon.id))) {
      await this.events.failLocally(order.id, messages.wrongPromoCode, { release: false })
      throw invalid({ coupon: [messages.wrongPromoCode] }, messages.wrongPromoCode)
    }
    if (trial && !(await this.repo.claimTrial(user.id))) {
      await this.events.failLocally(order.id, messages.trialUnavailable, { release: false })
      throw invalid({ subscription_id: [messages.trialUnavailable] }, messages.trialUnavailable)
    }
    const { nextAction } = await this.payments.pay(order, lead, source, coupon, opts.trialDays, user)
    return presentOrder((await this.orders.order(order.id)) as OrderRow, lead, nextAction)
  }

  /**
   * The same checkout (same key) asked again. Settled, or with the provider already asked: its order
   * as it stands. Still `created` with no word from the provider (the process died before or just
   * after asking): the provider is asked what it holds for the order, and — when it holds nothing —
   * the order is paid now, on the key the first attempt used (`order-{id}`), so a charge the provider
   * did make is never made twice.
   */
  private async again(session: Session, user: Buyer, order: OrderRow, lead: PassRow, input: PaymentInput) {
    const pass = order.pass_id === lead.id ? lead : await this.passesRepo.byId(session.channel.id, order.pass_id)
    const unanswered =
      order.status === 'created' &&
      !order.provider_payment_id &&
      !order.provider_subscription_id &&
      !order.idempotency_key.includes('#') &&
      order.gateway === this.gateway.name
    if (!unanswered || !pass) return presentOrder(order, pass ?? lead, await this.payments.nextActionOf(order))
    let source: PaymentSource
    try {
      source = this.sourceOf(input, order.type === 'subscription')
    } catch {
      return presentOrder(order, pass, null)
    }
    // Another card on the same key is another checkout's business: only the same terms resume.
    if (order.checkout_terms !== null && order.checkout_terms !== checkoutTermsOf(source)) {
      return presentOrder(order, pass, await this.payments.nextActionOf(order))
    }
    return this.resume(session, user, order, pass, source)
  }

  /**
   * Another checkout of the pass on the same terms (the buy page opened twice, a double tap, the
   * page reopened while 3-D Secure waits): the open order is the answer, with its 3-D Secure step.
   * Only an order left unanswered for a while (its request died) is paid from here.
   */
  private async join(session: Session, user: Buyer, open: OrderRow, lead: PassRow, source: PaymentSource) {
    const unanswered = !open.provider_payment_id && !open.provider_subscription_id
    if (unanswered && this.clock() - open.created_at >= UNANSWERED_AFTER_MS) {
      return this.resume(session, user, open, lead, source)
    }
    return presentOrder(open, lead, await this.payments.nextActionOf(open))
  }

  /** What the provider holds for an unanswered order, applied; nothing there: paid now, once. */
  private async resume(session: Session, user: Buyer, order: OrderRow, pass: PassRow, source: PaymentSource) {
    const found = await this.payments.lookup(order, pass)
    if (found.state === 'settled') {
      for (const event of found.events) await this.events.handleEvent(event)
    } else if (found.state === 'none') {
      const coupon = order.coupon_code
        ? ((await this.repo.coupon(session.channel.id, order.coupon_code)) ?? null)
        : null
      const trialDays = order.trial_ends_at !== null ? pass.trial_period : 0
      const { nextAction } = await this.payments.pay(order, pass, source, coupon, trialDays, user)
      return presentOrder((await this.orders.order(order.id)) as OrderRow, pass, nextAction)
    }
    const now = (await this.orders.order(order.id)) as OrderRow
    return presentOrder(now, pass, await this.payments.nextActionOf(now))
  }

  /**
   * Cancels an open checkout so that one on other terms can take its place. Only what can no longer
   * take money is cancelled: nothing at the provider (and its request long gone), or a payment still
   * waiting for 3-D Secure that the provider agrees to cancel. False otherwise (the caller answers
   * 409 and the viewer waits for the first one's outcome).
   */
  private async replace(open: OrderRow): Promise<boolean> {
    if (open.gateway !== this.gateway.name || open.idempotency_key.includes('#')) return false
    const unanswered = !open.provider_payment_id && !open.provider_subscription_id
    if (unanswered && this.clock() - open.created_at < UNANSWERED_AFTER_MS) return false
    const pass = await this.passesRepo.byId(open.channel_id, open.pass_id)
    if (!pass) return false
    const found = await this.payments.lookup(open, pass)
    if (found.state === 'settled') {
      for (const event of found.events) await this.events.handleEvent(event)
      return (await this.orders.order(open.id))?.status === 'failed'
    }
    if (found.state === 'processing') return false
    if (found.state === 'requires_action' && !(await this.gateway.cancelPending(found))) return false
    await this.events.failLocally(open.id, messages.checkoutReplaced)
    return (await this.orders.order(open.id))?.status === 'failed'
  }

  /**
   * How the viewer pays. A PaymentMethod id is a saved card, or — with `save_card` — one Stripe Elements
   * just made, to keep. A subscription always keeps its card, whatever `save_card` says: every renewal
   * charges it again, and Stripe takes as a subscription's default only a card attached to its customer.
   */
  private sourceOf(input: PaymentInput, subscription: boolean): PaymentSource {
    const keep = subscription || (input.save_card ?? false)
    if (input.payment_method_id) {
      return keep
        ? { kind: 'new', paymentMethodId: input.payment_method_id, save: true }
        : { kind: 'saved', paymentMethodId: input.payment_method_id }
    }
    if (input.card?.number) {
      return {
        kind: 'test-card',
        number: input.card.number,
        expMonth: input.card.exp_month,
        expYear: input.card.exp_year,
        cvc: input.card.cvc,
        save: keep,
      }
    }
    throw invalid({ payment_method_id: [messages.paymentCardRequired] }, messages.paymentCardRequired)
  }
}
