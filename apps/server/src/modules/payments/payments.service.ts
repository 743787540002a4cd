import { randomUUID } from 'node:crypto'
import {
  type ApplyCouponQuerySchema,
  alreadyBought,
  type BuyBundleRequestSchema,
  type BuyRequest,
  type Card,
  type InvoicePreviewRequestSchema,
  messages,
  type Order,
  type Package,
  type PriceQuote,
  type StartTrialRequestSchema,
} from '@fieldhouse/contract'
import type { FastifyBaseLogger } from 'fastify'
import type { ExpressionBuilder, Kysely, SelectQueryBuilder } from 'kysely'
import type { z } from 'zod'
import type { ChannelRow, CouponRow, Database, OrderRow, PassKind, PassRow } from '../../db/schema.js'
import { AppError, conflict, invalid, notFound, unauthorized } from '../../lib/errors.js'
import { parseJson } from '../../lib/json.js'
import type { Session } from '../../lib/session.js'
import type { AccessMode } from '../access/access.rules.js'
import { type AccessService, termsOf } from '../access/access.service.js'
import {
  CardError,
  type GatewayEvent,
  type OrderLookup,
  type PaymentGateway,
  type PaymentSource,
} from './gateways/gateway.js'
import {
  type NextAction,
  presentBundle,
  presentOrder,
  presentPass,
  presentTransaction,
  serviceFeeOf,
} from './payments.presenter.js'
import type { PaymentsRepository } from './payments.repository.js'
import { discounted, periodEnd } from './pricing.js'

type PaymentInput = {
  payment_method_id?: string | undefined
  card?: { number: string; exp_month: number; exp_year: number; cvc: string } | undefined
  save_card?: boolean | undefined
  coupon?: string | undefined
  idempotency_key?: string | undefined
}

type Buyer = { id: number; email: string; first_name: string; last_name: string; channel_id: number }

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
type OrderQuery = SelectQueryBuilder<Database, 'orders', OrderRow>
const intervalOf = (pass: PassRow): 'month' | 'year' => (pass.period === 'annual' ? 'year' : 'month')
const units = (minor: number) => minor / 100
const RANK: Record<OrderRow['status'], number> = { created: 0, failed: 1, paid: 2, refunded: 3 }
const DAY = 86_400_000
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
 * Why an event may not touch an order, or null when it may. An event names its order by the metadata
 * it carries; only the money itself proves it is the order's: a payment event must be the order's
 * payment (once we know its id) for the order's amount, an invoice or subscription event the order's
 * subscription, and every amount in the order's currency. A signed event for another payment — one
 * cent in another currency, say — that names our order is recorded and applied to nothing.
 */
export function mismatchOf(order: OrderRow, e: GatewayEvent): string | null {
  const money = e.type !== 'customer.subscription.updated' && e.type !== 'customer.subscription.deleted'
  if (money) {
    if (
      e.currency === undefined ? order.gateway === 'stripe' : e.currency.toUpperCase() !== order.currency.toUpperCase()
    )
      return 'currency'
  }
  const subscription = order.type === 'subscription'
  switch (e.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
      // A subscription's payments are settled by its invoices: these change nothing there.
      if (subscription) return null
      if (!e.paymentId || (order.provider_payment_id !== null && e.paymentId !== order.provider_payment_id))
        return 'payment'
      if (e.amount !== order.amount) return 'amount'
      return null
    case 'charge.refunded':
      if (!e.paymentId || (order.provider_payment_id !== null && e.paymentId !== order.provider_payment_id))
        return 'payment'
      if (e.amount !== undefined && e.amount > order.amount && !subscription) return 'amount'
      return null
    default:
      // Invoices and subscription changes belong to subscription orders, and to their subscription.
      if (!subscription) return 'not a subscription'
      if (
        order.provider_subscription_id !== null &&
        e.subscriptionId !== undefined &&
        e.subscriptionId !== order.provider_subscription_id
      )
        return 'subscription'
      // The first invoice of a subscription without a trial is what the checkout charged.
      if (
        e.type === 'invoice.paid' &&
        e.billingReason === 'subscription_create' &&
        order.trial_ends_at === null &&
        e.amount !== order.amount
      )
        return 'amount'
      return null
  }
}

/**
 * Passes and payments (spec §1, §4, §7): the catalogue of passes, checkout for every pass kind with
 * coupons, trials and saved cards, orders and transactions, auto-renewal, and the one place where
 * the provider's events change orders — each event applied once, in the same transaction as the
 * order write, in whatever order the events arrive (decision 10).
 */
/** What `GET packages` lists (spec §7): every pass kind but subscriptions, which have their own call. */
export const PACKAGE_KINDS = ['package', 'event', 'addon'] as const satisfies readonly PassKind[]

export class PaymentsService {
  constructor(
    private readonly repo: PaymentsRepository,
    private readonly gateway: PaymentGateway,
    private readonly deps: {
      db: Kysely<Database>
      log: FastifyBaseLogger
      clock?: () => number
      /** Entitlements: what passes open, and the viewer's holdings (forgotten when an order changes). */
      access: AccessService
      /** An order has just become paid (after its commit): the basic-pass choice. */
      onPaid?: (order: { channelId: number; userId: number }) => Promise<void>
    },
  ) {}

  private now() {
    return (this.deps.clock ?? Date.now)()
  }

  get gatewayName() {
    return this.gateway.name
  }

  get publishableKey() {
    return this.gateway.publishableKey
  }

  // --- the catalogue of passes ----------------------------------------------------------------

  async passes(channel: ChannelRow, kinds: PassKind[]): Promise<Package[]> {
    return (await this.repo.passes(channel.id, kinds)).map((p) => presentPass(p, channel.currency))
  }

  async pass(channel: ChannelRow, id: number, kinds: PassKind[]): Promise<Package> {
    const row = await this.repo.pass(channel.id, id)
    if (!row || !kinds.includes(row.kind)) throw new AppError(404, messages.passNotFound)
    return presentPass(row, channel.currency)
  }

  /**
   * The passes that would open an event (what a viewer without access is offered): its own game pass,
   * and for a paid event the subscriptions, packages of its sport or division and team passes of its
   * teams. Pay-per-view is its own pass only.
   */
  async passesForEvent(
    channel: ChannelRow,
    event: { id: number; type: string; event_category_id: number | null; participants: { id: number }[] },
  ) {
    const facts = await this.deps.access.eventFacts({ ...event, type: event.type as AccessMode })
    const rows = await this.repo.passes(channel.id, ['event', 'package', 'subscription'])
    return this.deps.access
      .passesOpening(
        rows.map((p) => ({ pass: p, terms: termsOf(p) })),
        facts,
      )
      .map((p) => presentPass(p, channel.currency))
  }

  async bundles(channel: ChannelRow) {
    return (await this.repo.bundles(channel.id)).map((b) => presentBundle(b, channel.currency))
  }

  // --- what the viewer holds (entitlements decide) ----------------------------------------------

  capabilities(session: Session) {
    return this.deps.access.capabilities(session)
  }

  // --- prices and coupons ----------------------------------------------------------------------

  private async coupon(channel: ChannelRow, code: string | undefined, passIds: number[]): Promise<CouponRow | null> {
    if (!code) return null
    const row = await this.repo.coupon(channel.id, code.trim())
    const applies = (c: CouponRow) => {
      const list = parseJson<number[]>(c.applies_to, [])
      return list.length === 0 || passIds.some((id) => list.includes(id))
    }
    if (
      !row ||
      (row.expires_at !== null && row.expires_at <= this.now()) ||
      (row.max_redemptions !== null && row.redemptions >= row.max_redemptions) ||
      !applies(row)
    ) {
      throw invalid({ coupon: [messages.wrongPromoCode] }, messages.wrongPromoCode)
    }
    return row
  }

  /** What a checkout costs; a subscription carries no service fee (decision 10): quote and charge agree. */
  private price(p: { price: number; service_fee: number; kind?: PassKind }, coupon: CouponRow | null, trialDays = 0) {
    const serviceFee = serviceFeeOf(p)
    const discount = coupon
      ? p.price -
        discounted(p.price, {
          ...(coupon.percent_off !== null ? { percentOff: coupon.percent_off } : {}),
          ...(coupon.amount_off !== null ? { amountOff: coupon.amount_off } : {}),
        })
      : 0
    return {
      price: p.price,
      discount,
      serviceFee,
      total: p.price - discount + serviceFee,
      trialEndsAt: trialDays > 0 ? this.now() + trialDays * DAY : null,
    }
  }

  private quoteOf(channel: ChannelRow, q: ReturnType<PaymentsService['price']>, coupon: CouponRow | null): PriceQuote {
    return {
      price: units(q.price),
      discount: units(q.discount),
      service_fee: units(q.serviceFee),
      tax: 0,
      total: units(q.total),
      currency: channel.currency,
      coupon: coupon?.code ?? null,
      trial_ends_at: q.trialEndsAt === null ? null : new Date(q.trialEndsAt).toISOString(),
    }
  }

  /** `GET apply_coupon`: the price with the code, or "Wrong promo code". */
  async applyCoupon(session: Session, q: z.output<typeof ApplyCouponQuerySchema>): Promise<PriceQuote> {
    if (!q.id) throw invalid({ id: [messages.idNotSelected] }, messages.idNotSelected)
    if (!q.code) throw invalid({ coupon: [messages.wrongPromoCode] }, messages.wrongPromoCode)
    const channel = session.channel
    if (q.type === 'bundle') {
      const bundle = await this.repo.bundle(channel.id, q.id)
      if (!bundle) throw new AppError(404, messages.passNotFound)
      const coupon = await this.coupon(channel, q.code, parseJson<number[]>(bundle.pass_ids, []))
      return this.quoteOf(channel, this.price(bundle, coupon), coupon)
    }
    const pass = await this.repo.pass(channel.id, q.id)
    if (!pass) throw new AppError(404, messages.passNotFound)
    const coupon = await this.coupon(channel, q.code, [pass.id])
    return this.quoteOf(channel, this.price(pass, coupon), coupon)
  }

  /** `POST stripe/invoice-preview`: what a subscription's first invoice will be. */
  async invoicePreview(session: Session, req: z.output<typeof InvoicePreviewRequestSchema>): Promise<PriceQuote> {
    const id = req.subscription_id ?? req.id
    if (!id) throw invalid({ subscription_id: [messages.idNotSelected] }, messages.idNotSelected)
    const pass = await this.repo.pass(session.channel.id, id)
    if (!pass) throw new AppError(404, messages.passNotFound)
    const coupon = await this.coupon(session.channel, req.coupon, [pass.id])
    const user = session.userId !== null ? await this.userOf(session) : null
    const trial = pass.kind === 'subscription' && user?.trial_period_used === 0 ? pass.trial_period : 0
    const q = this.price(pass, coupon, trial)
    const customerId = user ? await this.repo.customerId(user.id, this.gateway.name) : null
    const preview = await this.gateway.invoicePreview({
      customerId,
      amount: pass.price,
      currency: session.channel.currency,
      ...(coupon ? { discount: this.discountOf(coupon) } : {}),
    })
    return this.quoteOf(
      session.channel,
      { ...q, discount: preview.discount, total: preview.total + q.serviceFee },
      coupon,
    )
  }

  private discountOf(coupon: CouponRow) {
    return {
      ...(coupon.percent_off !== null ? { percentOff: coupon.percent_off } : {}),
      ...(coupon.amount_off !== null ? { amountOff: coupon.amount_off } : {}),
    }
  }

  // --- checkout --------------------------------------------------------------------------------

  private async userOf(session: Session) {
    if (session.userId === null) throw unauthorized(messages.loginRequired)
    const user = await this.deps.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', session.userId)
      .where('channel_id', '=', session.channel.id)
      .executeTakeFirst()
    if (!user) throw unauthorized(messages.loginRequired)
    return user
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

  private async customer(user: {
    id: number
    email: string
    first_name: string
    last_name: string
    channel_id: number
  }) {
    const existing = await this.repo.customerId(user.id, this.gateway.name)
    if (existing) return existing
    const created = await this.gateway.createCustomer({
      id: user.id,
      email: user.email,
      name: `${user.first_name} ${user.last_name}`.trim(),
      channelId: user.channel_id,
    })
    return this.repo.saveCustomer(user.id, this.gateway.name, created)
  }

  private async assertNotBought(userId: number, pass: PassRow) {
    if (await this.repo.holdsPass(userId, pass.id, this.now())) throw conflict(alreadyBought(orderType(pass.kind)))
  }

  /** `POST stripe/buy`: one order, charged once, settled by the gateway's events. */
  async buy(session: Session, req: BuyRequest): Promise<Order> {
    const user = await this.userOf(session)
    const eventId = req.event_id ?? null
    if (eventId !== null && !req.single_event_package_id && !req.id) {
      throw invalid(
        { single_event_package_id: [messages.singleEventPackageRequired] },
        messages.singleEventPackageRequired,
      )
    }
    const id = req.single_event_package_id ?? req.id
    if (!id) throw invalid({ id: [messages.idNotSelected] }, messages.idNotSelected)
    const pass = await this.repo.pass(session.channel.id, id)
    // The pass's own kind decides what is bought; `type` from the client is informative.
    if (!pass) throw new AppError(404, messages.passNotFound)
    return this.checkout(session, user, [pass], req, { trialDays: 0 })
  }

  /** `POST stripe/subscription/start_trial`: a subscription whose first charge waits for the trial's end. */
  async startTrial(session: Session, req: z.output<typeof StartTrialRequestSchema>): Promise<Order> {
    const user = await this.userOf(session)
    if (!req.subscription_id) throw invalid({ subscription_id: [messages.idNotSelected] }, messages.idNotSelected)
    const pass = await this.repo.pass(session.channel.id, req.subscription_id)
    if (pass?.kind !== 'subscription') throw new AppError(404, messages.passNotFound)
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
    const user = await this.userOf(session)
    if (!req.bundle_id) throw invalid({ bundle_id: [messages.idNotSelected] }, messages.idNotSelected)
    const bundle = await this.repo.bundle(session.channel.id, req.bundle_id)
    if (!bundle) throw new AppError(404, messages.passNotFound)
    const passes: PassRow[] = []
    for (const pid of parseJson<number[]>(bundle.pass_ids, [])) {
      const p = await this.repo.pass(session.channel.id, pid)
      if (p) passes.push(p)
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
    const earlier = input.idempotency_key ? await this.repo.orderByKey(user.id, input.idempotency_key) : undefined
    if (earlier) return this.again(session, user, earlier, lead, input)
    for (const p of passes) await this.assertNotBought(user.id, p)
    const isSubscription = lead.kind === 'subscription'
    const trial = opts.trialDays > 0
    // Nothing is charged now and the first charge is the subscription's price: no code has anything to take off.
    if (trial && input.coupon) throw invalid({ coupon: [messages.trialNoPromoCode] }, messages.trialNoPromoCode)
    const source = this.sourceOf(input, isSubscription)
    const coupon = await this.coupon(
      session.channel,
      input.coupon,
      passes.map((p) => p.id),
    )
    const q = this.price(opts.bundle ?? lead, coupon)
    const key = input.idempotency_key ?? randomUUID()
    const terms = checkoutTermsOf(source)
    const now = this.now()
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
    let placed: Awaited<ReturnType<PaymentsRepository['createOrder']>> | undefined
    for (let attempt = 0; attempt < 3 && placed?.created !== true; attempt++) {
      placed = await this.repo.createOrder(orderValues(lead, 0))
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
      if (sameTerms) return this.join(session, user, open, lead, source)
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
      await this.repo.deleteUnasked(order.id)
      throw error
    }
    for (const [i, p] of passes.entries()) {
      if (i === 0) continue
      // A pass of the bundle already in another open checkout: this one gives way, charging nothing.
      const sibling = await this.repo.createOrder(orderValues(p, i))
      if (sibling.created === 'settled' || (sibling.created === false && !sibling.sameKey)) {
        await this.failLocally(order.id, messages.checkoutInProgress, { release: false })
        throw conflict(messages.checkoutInProgress)
      }
    }
    // The coupon's redemption and the trial are held for this checkout (a cap holds however many pay at
    // once) and given back in the same transaction that fails the order (`releaseHolds`).
    if (coupon && !(await this.repo.redeemCoupon(this.deps.db, coupon.id))) {
      await this.failLocally(order.id, messages.wrongPromoCode, { release: false })
      throw invalid({ coupon: [messages.wrongPromoCode] }, messages.wrongPromoCode)
    }
    if (trial && !(await this.repo.claimTrial(user.id))) {
      await this.failLocally(order.id, messages.trialUnavailable, { release: false })
      throw invalid({ subscription_id: [messages.trialUnavailable] }, messages.trialUnavailable)
    }
    const { nextAction } = await this.pay(order, lead, source, coupon, opts.trialDays, user)
    return presentOrder((await this.repo.order(order.id)) as OrderRow, lead, nextAction)
  }

  /**
   * The same checkout (same key) asked again. Settled, or with the provider already asked: its order
   * as it stands. Still `created` with no word from the provider (the process died before or just
   * after asking): the provider is asked what it holds for the order, and — when it holds nothing —
   * the order is paid now, on the key the first attempt used (`order-{id}`), so a charge the provider
   * did make is never made twice.
   */
  private async again(session: Session, user: Buyer, order: OrderRow, lead: PassRow, input: PaymentInput) {
    const pass = order.pass_id === lead.id ? lead : await this.repo.pass(session.channel.id, order.pass_id)
    const unanswered =
      order.status === 'created' &&
      !order.provider_payment_id &&
      !order.provider_subscription_id &&
      !order.idempotency_key.includes('#') &&
      order.gateway === this.gateway.name
    if (!unanswered || !pass) return presentOrder(order, pass ?? lead, await this.nextActionOf(order))
    let source: PaymentSource
    try {
      source = this.sourceOf(input, order.type === 'subscription')
    } catch {
      return presentOrder(order, pass, null)
    }
    // Another card on the same key is another checkout's business: only the same terms resume.
    if (order.checkout_terms !== null && order.checkout_terms !== checkoutTermsOf(source)) {
      return presentOrder(order, pass, await this.nextActionOf(order))
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
    if (unanswered && this.now() - open.created_at >= UNANSWERED_AFTER_MS) {
      return this.resume(session, user, open, lead, source)
    }
    return presentOrder(open, lead, await this.nextActionOf(open))
  }

  /** What the provider holds for an unanswered order, applied; nothing there: paid now, once. */
  private async resume(session: Session, user: Buyer, order: OrderRow, pass: PassRow, source: PaymentSource) {
    const found = await this.gateway.lookupOrder(await this.refOf(order, pass))
    await this.recordProviderIds(order, found)
    if (found.state === 'settled') {
      for (const event of found.events) await this.handleEvent(event)
    } else if (found.state === 'none') {
      const coupon = order.coupon_code
        ? ((await this.repo.coupon(session.channel.id, order.coupon_code)) ?? null)
        : null
      const trialDays = order.trial_ends_at !== null ? pass.trial_period : 0
      const { nextAction } = await this.pay(order, pass, source, coupon, trialDays, user)
      return presentOrder((await this.repo.order(order.id)) as OrderRow, pass, nextAction)
    }
    const now = (await this.repo.order(order.id)) as OrderRow
    return presentOrder(now, pass, await this.nextActionOf(now))
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
    if (unanswered && this.now() - open.created_at < UNANSWERED_AFTER_MS) return false
    const pass = await this.repo.pass(open.channel_id, open.pass_id)
    if (!pass) return false
    const found = await this.gateway.lookupOrder(await this.refOf(open, pass))
    await this.recordProviderIds(open, found)
    if (found.state === 'settled') {
      for (const event of found.events) await this.handleEvent(event)
      return (await this.repo.order(open.id))?.status === 'failed'
    }
    if (found.state === 'processing') return false
    if (found.state === 'requires_action' && !(await this.gateway.cancelPending(found))) return false
    await this.failLocally(open.id, messages.checkoutReplaced)
    return (await this.repo.order(open.id))?.status === 'failed'
  }

  /** How reconciliation and a resumed checkout name an order to the provider. */
  private async refOf(o: OrderRow, pass: PassRow | undefined) {
    return {
      orderId: o.id,
      subscription: o.type === 'subscription',
      customerId: await this.repo.customerId(o.user_id, this.gateway.name),
      paymentId: o.provider_payment_id,
      subscriptionId: o.provider_subscription_id,
      createdAt: o.created_at,
      periodEnd: o.trial_ends_at ?? periodEnd(o.created_at, pass ? intervalOf(pass) : 'month'),
    }
  }

  /**
   * Asks the gateway for the money; the same request (same key) after a crash charges nothing new.
   * A payment waiting for 3-D Secure answers what the browser needs to finish it.
   */
  private async pay(
    order: OrderRow,
    pass: PassRow,
    source: PaymentSource,
    coupon: CouponRow | null,
    trialDays: number,
    user: Buyer,
  ): Promise<{ nextAction: NextAction | null }> {
    const customerId = await this.customer(user)
    const idempotencyKey = `order-${order.id}`
    const action = (clientSecret: string | undefined): NextAction | null =>
      clientSecret ? { type: 'stripe_3ds', client_secret: clientSecret } : null
    try {
      if (order.type === 'subscription') {
        const result = await this.gateway.subscribe({
          customerId,
          amount: pass.price,
          currency: order.currency,
          interval: intervalOf(pass),
          trialDays,
          source,
          description: pass.name,
          orderId: order.id,
          ...(coupon ? { discount: this.discountOf(coupon) } : {}),
          idempotencyKey,
        })
        await this.repo.setProviderIds(order.id, {
          subscription: result.providerSubscriptionId,
          ...(result.providerPaymentId ? { payment: result.providerPaymentId } : {}),
        })
        if (result.status === 'failed') await this.failLocally(order.id, result.failureMessage ?? messages.cardDeclined)
        return { nextAction: result.status === 'incomplete' ? action(result.clientSecret) : null }
      }
      const result = await this.gateway.charge({
        customerId,
        amount: order.amount,
        currency: order.currency,
        source,
        description: pass.name,
        orderId: order.id,
        idempotencyKey,
      })
      await this.repo.setProviderIds(order.id, { payment: result.providerPaymentId })
      if (result.status === 'failed') await this.failLocally(order.id, result.failureMessage ?? messages.cardDeclined)
      return { nextAction: result.status === 'requires_action' ? action(result.clientSecret) : null }
    } catch (error) {
      if (error instanceof CardError) {
        await this.failLocally(order.id, error.message)
        return { nextAction: null }
      }
      throw error
    }
  }

  /** What the browser must still do for an order: 3-D Secure, while its payment waits for it. */
  private async nextActionOf(order: OrderRow): Promise<NextAction | null> {
    if (order.status !== 'created' || !order.provider_payment_id || order.gateway !== this.gateway.name) return null
    try {
      const payment = await this.gateway.retrievePayment(order.provider_payment_id)
      return payment.status === 'requires_action' && payment.clientSecret
        ? { type: 'stripe_3ds', client_secret: payment.clientSecret }
        : null
    } catch (error) {
      // The provider out of reach: the order is answered as it stands; the next poll asks again.
      this.deps.log.warn({ err: error, order: order.id }, 'payment status not available')
      return null
    }
  }

  /** The order row, locked for the rest of the transaction where the database can lock a row. */
  private lockedOrder(trx: Kysely<Database>, where: (q: OrderQuery) => OrderQuery) {
    const q = where(trx.selectFrom('orders').selectAll())
    return (this.repo.dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirst()
  }

  /**
   * A refusal known before any provider event (a card number that cannot be right), or reconciliation
   * giving up: the order (and the rest of its bundle) fails, and what it held — a coupon redemption, the
   * viewer's trial — goes back in the same transaction, unless it never took them (`release: false`).
   */
  private async failLocally(orderId: number, message: string, opts: { release: boolean } = { release: true }) {
    const userId = await this.repo.inTransaction(async (trx) => {
      const order = await this.lockedOrder(trx, (q) => q.where('id', '=', orderId))
      if (order?.status !== 'created') return null
      await trx
        .updateTable('orders')
        .set({ status: 'failed', failure_message: message.slice(0, 300), updated_at: this.now() })
        .where((eb) => this.sameCheckout(eb, order))
        .where('status', '=', 'created')
        .execute()
      if (opts.release) await this.releaseHolds(trx, order)
      return order.user_id
    })
    if (userId !== null) this.deps.access.forget(userId)
  }

  /** An order and — for a bundle's lead order — the passes bought with it, which follow it. */
  private sameCheckout(eb: ExpressionBuilder<Database, 'orders'>, order: OrderRow) {
    const siblings = order.bundle_id !== null && !order.idempotency_key.includes('#')
    return siblings
      ? eb.or([
          eb('id', '=', order.id),
          eb.and([eb('user_id', '=', order.user_id), eb('idempotency_key', 'like', `${order.idempotency_key}#%`)]),
        ])
      : eb('id', '=', order.id)
  }

  /** What a checkout held, given back when it fails: its coupon redemption and the viewer's trial. */
  private async releaseHolds(trx: Kysely<Database>, order: OrderRow) {
    if (order.idempotency_key.includes('#')) return
    if (order.coupon_code) {
      await trx
        .updateTable('coupons')
        .set((eb) => ({ redemptions: eb('redemptions', '-', 1) }))
        .where('channel_id', '=', order.channel_id)
        .where('code', '=', order.coupon_code)
        .where('redemptions', '>', 0)
        .execute()
    }
    if (order.type === 'subscription' && order.trial_ends_at !== null) {
      // The trial is the viewer's again — unless another trial of theirs holds it (or held it once).
      const other = await trx
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', order.user_id)
        .where('id', '!=', order.id)
        .where('trial_ends_at', 'is not', null)
        .where('status', 'in', ['created', 'paid', 'refunded'])
        .executeTakeFirst()
      if (!other) await trx.updateTable('users').set({ trial_period_used: 0 }).where('id', '=', order.user_id).execute()
    }
  }

  // --- orders, cards, renewal ------------------------------------------------------------------

  private async present(rows: OrderRow[], channel: ChannelRow) {
    const passes = new Map<number, PassRow>()
    for (const r of rows) {
      if (!passes.has(r.pass_id)) {
        const p = await this.repo.pass(channel.id, r.pass_id)
        if (p) passes.set(p.id, p)
      }
    }
    return rows.flatMap((r) => {
      const p = passes.get(r.pass_id)
      return p ? [presentOrder(r, p)] : []
    })
  }

  async orders(session: Session, page: { offset: number; limit: number | null }) {
    const user = await this.userOf(session)
    const [rows, total] = await Promise.all([
      this.repo.ordersOfUser(user.id, page),
      this.repo.countOrdersOfUser(user.id),
    ])
    return { data: await this.present(rows, session.channel), meta: { total, offset: page.offset, limit: page.limit } }
  }

  /** One of the viewer's orders; while its payment waits for 3-D Secure, with what the browser needs. */
  async order(session: Session, id: number) {
    const user = await this.userOf(session)
    const row = await this.repo.orderOfUser(user.id, id)
    if (!row) throw notFound('order')
    const order = (await this.present([row], session.channel))[0] as Order
    const nextAction = await this.nextActionOf(row)
    return nextAction ? { ...order, next_action: nextAction } : order
  }

  async transactions(session: Session) {
    const user = await this.userOf(session)
    return (await this.repo.transactionsOfUser(user.id)).map(presentTransaction)
  }

  /** `POST stripe/unsubscribe`: auto-renewal off; the pass keeps working to the end of its period. */
  async unsubscribe(session: Session, orderId: number | undefined) {
    const user = await this.userOf(session)
    if (!orderId) throw invalid({ order_id: [messages.idNotSelected] }, messages.idNotSelected)
    const row = await this.repo.orderOfUser(user.id, orderId)
    if (!row) throw notFound('order')
    if (row.type !== 'subscription' || !row.provider_subscription_id) {
      throw invalid({ order_id: [messages.notSubscription] }, messages.notSubscription)
    }
    await this.gateway.setCancelAtPeriodEnd(row.provider_subscription_id, true)
    await this.deps.db
      .updateTable('orders')
      .set({ auto_renew: 0, updated_at: this.now() })
      .where('id', '=', row.id)
      .execute()
    return (await this.present([(await this.repo.order(row.id)) as OrderRow], session.channel))[0] as Order
  }

  async cards(session: Session): Promise<Card[]> {
    const user = await this.userOf(session)
    const customerId = await this.repo.customerId(user.id, this.gateway.name)
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
    const user = await this.userOf(session)
    return this.gateway.setupIntent(await this.customer(user))
  }

  async customerPortal(session: Session, returnUrl: string) {
    const user = await this.userOf(session)
    return this.gateway.portalUrl(await this.customer(user), returnUrl)
  }

  // --- the provider's events -------------------------------------------------------------------

  /**
   * Applies one provider event: recorded in the ledger and applied to its order in one transaction,
   * so a redelivery finds it recorded and changes nothing. Rules never move an order backwards:
   * paid beats failed and created; a period end only grows; renewal flags follow the newest event.
   */
  async handleEvent(event: GatewayEvent): Promise<'applied' | 'duplicate' | 'ignored'> {
    const result = await this.repo.inTransaction(async (trx) => {
      const inserted = await trx
        .insertInto('payment_events')
        .values({
          gateway: this.gateway.name,
          provider_event_id: event.id,
          type: event.type,
          order_id: event.orderId,
          payload: JSON.stringify(event),
          received_at: this.now(),
        })
        .onConflict((oc) => oc.columns(['gateway', 'provider_event_id']).doNothing())
        .returning('id')
        .executeTakeFirst()
      if (!inserted) return { outcome: 'duplicate' as const }
      const order = await this.findOrder(trx, event)
      if (!order) return { outcome: 'ignored' as const }
      const mismatch = mismatchOf(order, event)
      if (mismatch) {
        // Recorded in the ledger, applied to nothing: this money is not the order's.
        this.deps.log.warn(
          { event: event.id, type: event.type, order: order.id, mismatch },
          'payment event not applied',
        )
        return { outcome: 'ignored' as const }
      }
      const becamePaid = await this.apply(trx, order, event)
      return { outcome: 'applied' as const, userId: order.user_id, channelId: order.channel_id, becamePaid }
    })
    if ('userId' in result && result.userId !== undefined) this.deps.access.forget(result.userId)
    // After the commit, outside the order's lock: the order's transaction stays as short as before.
    if ('becamePaid' in result && result.becamePaid) {
      await this.deps.onPaid?.({ channelId: result.channelId, userId: result.userId }).catch((error: unknown) => {
        this.deps.log.error({ err: error, user: result.userId }, 'the basic-pass choice of a purchase was not saved')
      })
    }
    return result.outcome
  }

  /** The event's order, locked: two events of one order apply one after the other, never over each other. */
  private async findOrder(trx: Kysely<Database>, e: GatewayEvent) {
    const { orderId, subscriptionId, paymentId } = e
    if (orderId !== null) {
      const byId = await this.lockedOrder(trx, (q) => q.where('id', '=', orderId))
      if (byId) return byId
    }
    if (subscriptionId) {
      const bySub = await this.lockedOrder(trx, (q) => q.where('provider_subscription_id', '=', subscriptionId))
      if (bySub) return bySub
    }
    if (paymentId) return this.lockedOrder(trx, (q) => q.where('provider_payment_id', '=', paymentId))
    return undefined
  }

  private async apply(trx: Kysely<Database>, order: OrderRow, e: GatewayEvent) {
    const now = this.now()
    const next: Partial<OrderRow> = {}
    const settle = (status: OrderRow['status']) => {
      if (RANK[status] > RANK[next.status ?? order.status]) next.status = status
    }
    // A pass opens content only from a paid order: a refund that came first keeps it shut.
    const open = () => {
      if ((next.status ?? order.status) === 'paid' && order.activity_status === 'inactive')
        next.activity_status = 'active'
    }
    const newer = e.created >= order.provider_updated_at
    const growPeriod = (end: number | undefined) => {
      if (end !== undefined && (order.period_end === null || end > order.period_end)) next.period_end = end
    }
    const transaction = async (type: 'New subscription' | 'Subscription Renewal' | 'Purchase', amount: number) => {
      await trx
        .insertInto('transactions')
        .values({
          channel_id: order.channel_id,
          user_id: order.user_id,
          order_id: order.id,
          type,
          amount,
          currency: order.currency,
          status: 'paid',
          provider_ref: e.paymentId ?? e.id,
          created_at: e.created,
        })
        .onConflict((oc) => oc.column('provider_ref').doNothing())
        .execute()
    }

    switch (e.type) {
      case 'payment_intent.succeeded':
        if (order.type === 'subscription') break
        settle('paid')
        open()
        if (!order.provider_payment_id && e.paymentId) next.provider_payment_id = e.paymentId
        await transaction('Purchase', e.amount ?? order.amount)
        break
      case 'payment_intent.payment_failed':
        if (order.type === 'subscription') break
        settle('failed')
        if (order.status === 'created') next.failure_message = (e.failureMessage ?? messages.cardDeclined).slice(0, 300)
        break
      case 'invoice.paid': {
        settle('paid')
        open()
        // A trial's order was placed for nothing: its amount becomes the first charge, when the trial converts.
        if (order.trial_ends_at !== null && order.amount === 0 && (e.amount ?? 0) > 0) next.amount = e.amount as number
        const first = e.billingReason === 'subscription_create'
        await transaction(first ? 'New subscription' : 'Subscription Renewal', e.amount ?? 0)
        break
      }
      case 'invoice.payment_failed':
        settle('failed')
        if (order.status === 'created') next.failure_message = (e.failureMessage ?? messages.cardDeclined).slice(0, 300)
        break
      case 'customer.subscription.updated':
        if (e.status === 'trialing' || e.status === 'active') {
          settle('paid')
          open()
          if (e.status === 'trialing' && e.currentPeriodEnd !== undefined && (order.trial_ends_at === null || newer)) {
            next.trial_ends_at = e.currentPeriodEnd
          }
        }
        growPeriod(e.currentPeriodEnd)
        if (e.cancelAtPeriodEnd !== undefined && newer) next.auto_renew = e.cancelAtPeriodEnd ? 0 : 1
        if ((e.status === 'canceled' || e.status === 'incomplete_expired') && order.status === 'paid') {
          next.activity_status = 'canceled'
          next.auto_renew = 0
        }
        break
      case 'customer.subscription.deleted':
        if (order.status === 'paid') next.activity_status = 'canceled'
        else settle('failed')
        next.auto_renew = 0
        break
      case 'charge.refunded':
        // Spec §4 "refunded": the whole charge went back, so the pass no longer opens anything.
        if (!e.fullyRefunded) break
        settle('refunded')
        next.activity_status = 'inactive'
        break
    }
    if (newer) next.provider_updated_at = e.created
    if (Object.keys(next).length === 0) return false
    // Bundles: the passes bought with the lead order follow it.
    await trx
      .updateTable('orders')
      .set({ ...next, updated_at: now })
      .where((eb) => this.sameCheckout(eb, order))
      .execute()
    if (next.status === 'failed' && order.status === 'created') await this.releaseHolds(trx, order)
    return next.status === 'paid' && order.status !== 'paid'
  }

  // --- the scheduled work ----------------------------------------------------------------------

  /**
   * Every minute in the worker: passes past their period stop opening content (a subscription whose
   * renewal is off, or whose renewal never came); the test gateway's subscriptions renew, as Stripe
   * renews its own and tells us by webhook.
   */
  async sweep() {
    const now = this.now()
    const due = await this.deps.db
      .selectFrom('orders')
      .selectAll()
      .where('status', '=', 'paid')
      .where('activity_status', '=', 'active')
      .where('period_end', '<=', now)
      .execute()
    for (const o of due) {
      const renew = this.gateway.renew?.bind(this.gateway)
      if (renew && o.type === 'subscription' && o.auto_renew === 1 && o.gateway === this.gateway.name) {
        const pass = await this.repo.pass(o.channel_id, o.pass_id)
        const customerId = await this.repo.customerId(o.user_id, this.gateway.name)
        if (pass && customerId && o.provider_subscription_id && o.period_end !== null) {
          await renew({
            orderId: o.id,
            subscriptionId: o.provider_subscription_id,
            customerId,
            amount: pass.price,
            currency: o.currency,
            interval: intervalOf(pass),
            periodEnd: o.period_end,
          })
          continue
        }
      }
      // A Stripe renewal gets a day's grace for its webhook; anything else ends with its period.
      const grace = o.type === 'subscription' && o.auto_renew === 1 ? 86_400_000 : 0
      if ((o.period_end as number) + grace <= now) {
        await this.deps.db
          .updateTable('orders')
          .set({ activity_status: 'expired', updated_at: now })
          .where('id', '=', o.id)
          .execute()
        this.deps.access.forget(o.user_id)
      }
    }
  }

  /**
   * Orders still `created` a while after checkout: the process may have died between the provider's
   * answer and our record of it, or an event was lost. The provider is asked what it holds for the
   * order (by the ids we wrote, else by the order id its objects carry) and its answer is applied as
   * events — no second charge, one order. Nothing at the provider after `giveUpAfterMs`: the order
   * fails. A payment still waiting for 3-D Secure after `authenticationTimeoutMs` is cancelled at the
   * provider and the order fails with a message that says so.
   */
  async reconcile(times: ReconcileTimes = {}) {
    const { staleAfterMs = 30_000, giveUpAfterMs = 15 * 60_000, authenticationTimeoutMs = 30 * 60_000 } = times
    const now = this.now()
    const stale = await this.deps.db
      .selectFrom('orders')
      .selectAll()
      .where('status', '=', 'created')
      .where('gateway', '=', this.gateway.name)
      .where('created_at', '<=', now - staleAfterMs)
      .where('idempotency_key', 'not like', '%#%')
      .execute()
    let settled = 0
    for (const o of stale) {
      const pass = await this.repo.pass(o.channel_id, o.pass_id)
      const found = await this.gateway.lookupOrder(await this.refOf(o, pass))
      await this.recordProviderIds(o, found)
      const age = now - o.created_at
      if (found.state === 'none' && age >= giveUpAfterMs) {
        await this.failLocally(o.id, RECONCILE_MESSAGES.nothingCharged)
        settled++
      } else if (found.state === 'requires_action' && age >= authenticationTimeoutMs) {
        if (await this.gateway.cancelPending(found)) {
          await this.failLocally(o.id, RECONCILE_MESSAGES.authenticationTimedOut)
          settled++
        }
      } else if (found.state === 'settled') {
        for (const event of found.events) await this.handleEvent(event)
        settled++
      }
    }
    return settled
  }

  /** The provider ids reconciliation found, written where the crash left them out. */
  private async recordProviderIds(o: OrderRow, found: OrderLookup) {
    if (found.state === 'none') return
    const ids = {
      ...(found.paymentId && !o.provider_payment_id ? { payment: found.paymentId } : {}),
      ...(found.subscriptionId && !o.provider_subscription_id ? { subscription: found.subscriptionId } : {}),
    }
    if (Object.keys(ids).length > 0) await this.repo.setProviderIds(o.id, ids)
  }
}
