import {
  type ApplyCouponQuerySchema,
  type InvoicePreviewRequestSchema,
  messages,
  type Package,
  type PriceQuote,
  fromMinor as units,
} from '@fieldhouse/contract'
import type { z } from 'zod'
import type { ChannelRow, CouponRow, PassKind } from '../../db/schema.js'
import { AppError, invalid } from '../../lib/errors.js'
import { parseJson } from '../../lib/json.js'
import type { Session } from '../../lib/session.js'
import type { AccessMode } from '../access/access.rules.js'
import { type AccessService, termsOf } from '../access/access.service.js'
import type { BundlesRepository } from './bundles.repository.js'
import type { PaymentGateway } from './gateways/gateway.js'
import type { PassesRepository } from './passes.repository.js'
import type { PaymentCustomers } from './payment-customers.js'
import { presentBundle, presentPass, serviceFeeOf } from './payments.presenter.js'
import type { PaymentsRepository } from './payments.repository.js'
import { DAY, discounted, discountOf } from './pricing.js'

/** What `GET packages` lists (spec §7): every pass kind but subscriptions, which have their own call. */
export const PACKAGE_KINDS = ['package', 'event', 'addon'] as const satisfies readonly PassKind[]

/** What a checkout costs, in minor units (`PassCatalogueService.price`). */
export interface Price {
  price: number
  discount: number
  serviceFee: number
  total: number
  trialEndsAt: number | null
}

/**
 * The passes on sale (spec §1, §4, §7) with their prices: the catalogue of passes and bundles, the
 * passes that would open an event, coupons and what a checkout will cost.
 */
export class PassCatalogueService {
  constructor(
    private readonly repo: PaymentsRepository,
    private readonly passesRepo: PassesRepository,
    private readonly bundlesRepo: BundlesRepository,
    private readonly gateway: PaymentGateway,
    private readonly customers: PaymentCustomers,
    /** Entitlements: which passes open an event. */
    private readonly access: AccessService,
    private readonly clock: () => number = () => Date.now(),
  ) {}

  async passes(channel: ChannelRow, kinds: PassKind[]): Promise<Package[]> {
    return (await this.passesRepo.onSale(channel.id, kinds)).map((p) => presentPass(p, channel.currency))
  }

  async pass(channel: ChannelRow, id: number, kinds: PassKind[]): Promise<Package> {
    const row = await this.passesRepo.byId(channel.id, id)
    if (!row || row.retired_at !== null || !kinds.includes(row.kind)) throw new AppError(404, messages.passNotFound)
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
    const facts = await this.access.eventFacts({ ...event, type: event.type as AccessMode })
    const rows = await this.passesRepo.onSale(channel.id, ['event', 'package', 'subscription'])
    return this.access
      .passesOpening(
        rows.map((p) => ({ pass: p, terms: termsOf(p) })),
        facts,
      )
      .map((p) => presentPass(p, channel.currency))
  }

  /** The bundles on sale: not retired, and every pass in them on sale (decision 0040). */
  async bundles(channel: ChannelRow) {
    const rows = await this.bundlesRepo.onSale(channel.id)
    const idsOf = (b: { pass_ids: string }) => parseJson<number[]>(b.pass_ids, [])
    const onSale = await this.passesRepo.idsOnSale(channel.id, [...new Set(rows.flatMap(idsOf))])
    return rows.filter((b) => idsOf(b).every((id) => onSale.has(id))).map((b) => presentBundle(b, channel.currency))
  }

  // --- prices and coupons ----------------------------------------------------------------------

  /**
   * The coupon a code names when it may be used now for these passes by this viewer; "Wrong promo
   * code" otherwise: unknown, retired, not yet valid or past its end, its redemptions (in all, or this
   * viewer's) used up, or not for these passes (decision 0035).
   */
  async coupon(
    channel: ChannelRow,
    code: string | undefined,
    passIds: number[],
    userId: number | null = null,
  ): Promise<CouponRow | null> {
    if (!code) return null
    const row = await this.repo.coupon(channel.id, code.trim())
    const applies = (c: CouponRow) => {
      const list = parseJson<number[]>(c.applies_to, [])
      return list.length === 0 || passIds.some((id) => list.includes(id))
    }
    const now = this.clock()
    const usedUp = async (c: CouponRow) =>
      c.max_per_viewer !== null && userId !== null && (await this.repo.couponUses(userId, c.code)) >= c.max_per_viewer
    if (
      !row ||
      row.retired_at !== null ||
      (row.valid_from !== null && row.valid_from > now) ||
      (row.expires_at !== null && row.expires_at <= now) ||
      (row.max_redemptions !== null && row.redemptions >= row.max_redemptions) ||
      !applies(row) ||
      (await usedUp(row))
    ) {
      throw invalid({ coupon: [messages.wrongPromoCode] }, messages.wrongPromoCode)
    }
    return row
  }

  /** What a checkout costs; a subscription carries no service fee (decision 10): quote and charge agree. */
  price(p: { price: number; service_fee: number; kind?: PassKind }, coupon: CouponRow | null, trialDays = 0): Price {
    const serviceFee = serviceFeeOf(p)
    const discount = coupon ? p.price - discounted(p.price, discountOf(coupon)) : 0
    return {
      price: p.price,
      discount,
      serviceFee,
      total: p.price - discount + serviceFee,
      trialEndsAt: trialDays > 0 ? this.clock() + trialDays * DAY : null,
    }
  }

  private quoteOf(channel: ChannelRow, q: Price, coupon: CouponRow | null): PriceQuote {
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
      const bundle = await this.bundlesRepo.onSaleById(channel.id, q.id)
      if (!bundle) throw new AppError(404, messages.passNotFound)
      const coupon = await this.coupon(channel, q.code, parseJson<number[]>(bundle.pass_ids, []), session.userId)
      return this.quoteOf(channel, this.price(bundle, coupon), coupon)
    }
    const pass = await this.passesRepo.byId(channel.id, q.id)
    if (!pass) throw new AppError(404, messages.passNotFound)
    const coupon = await this.coupon(channel, q.code, [pass.id], session.userId)
    return this.quoteOf(channel, this.price(pass, coupon), coupon)
  }

  /** `POST stripe/invoice-preview`: what a subscription's first invoice will be. */
  async invoicePreview(session: Session, req: z.output<typeof InvoicePreviewRequestSchema>): Promise<PriceQuote> {
    const id = req.subscription_id ?? req.id
    if (!id) throw invalid({ subscription_id: [messages.idNotSelected] }, messages.idNotSelected)
    const pass = await this.passesRepo.byId(session.channel.id, id)
    if (!pass) throw new AppError(404, messages.passNotFound)
    const coupon = await this.coupon(session.channel, req.coupon, [pass.id], session.userId)
    const user = session.userId !== null ? await this.customers.userOf(session) : null
    const trial = pass.kind === 'subscription' && user?.trial_period_used === 0 ? pass.trial_period : 0
    const q = this.price(pass, coupon, trial)
    const customerId = user ? await this.customers.customerId(user.id) : null
    const preview = await this.gateway.invoicePreview({
      customerId,
      amount: pass.price,
      currency: session.channel.currency,
      ...(coupon ? { discount: discountOf(coupon) } : {}),
    })
    return this.quoteOf(
      session.channel,
      { ...q, discount: preview.discount, total: preview.total + q.serviceFee },
      coupon,
    )
  }
}
