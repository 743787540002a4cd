import { randomUUID } from 'node:crypto'
import {
  type AdminCoupon,
  AdminCouponCreateSchema,
  type AdminCouponFields,
  AdminCouponSorts,
  AdminCouponUpdateSchema,
  type AdminListQuery,
  type AdminPass,
  AdminPassCreateSchema,
  type AdminPassesQuerySchema,
  type AdminPassFields,
  AdminPassSorts,
  AdminPassUpdateSchema,
  bundleMessages,
  catalogueMessages,
  couponProblems,
  passProblems,
} from '@fieldhouse/contract'
import type { FastifyBaseLogger } from 'fastify'
import type { z } from 'zod'
import type { CouponRow, PassRow } from '../../db/schema.js'
import { AppError, conflict, found, invalid } from '../../lib/errors.js'
import type { AuditSink, Operator } from '../../lib/operator.js'
import { parseInput } from '../../lib/parse-input.js'
import type { BundlesRepository } from './bundles.repository.js'
import type { PaymentGateway } from './gateways/gateway.js'
import type { PassesRepository } from './passes.repository.js'
import {
  couponColumns,
  couponFieldsOf,
  mergeUpdate,
  passColumns,
  passFieldsOf,
  retiredColumn,
  updateEntry,
} from './sale-fields.js'
import type { SalesAdminRepository } from './sales-admin.repository.js'

const problemsToErrors = (p: Record<string, string>) => Object.fromEntries(Object.entries(p).map(([k, v]) => [k, [v]]))

const intervalOfFields = (p: AdminPassFields) =>
  p.kind === 'subscription' ? (p.period === 'annual' ? ('year' as const) : ('month' as const)) : null

/**
 * The console's passes, prices and coupons (decision 0035). Every query is scoped by the operator's
 * channel (the route has asked the rule table). With a gateway that prices at the provider (Stripe),
 * a pass's product and price are made or replaced there before our write, so a refusal changes
 * nothing; a new price reaches running subscriptions at their renewal. A sold pass or a redeemed
 * coupon is retired, never deleted. Creates are idempotent on the console action's key.
 */
export class SalesAdminService {
  constructor(
    private readonly d: {
      repo: SalesAdminRepository
      passes: PassesRepository
      bundles: BundlesRepository
      gateway: PaymentGateway
      audit: AuditSink
      log: FastifyBaseLogger
      clock: () => number
    },
  ) {}

  private async presentPasses(rows: PassRow[], currency: string): Promise<AdminPass[]> {
    const sales = await this.d.repo.passSales(rows.map((r) => r.id))
    return rows.map((r) => ({
      ...passFieldsOf(r),
      id: r.id,
      base_price: r.base_price,
      currency,
      retired: r.retired_at !== null,
      retired_at: r.retired_at,
      sold: sales.get(r.id)?.sold ?? 0,
      subscribers: sales.get(r.id)?.subscribers ?? 0,
      stripe_price_id: r.stripe_price_id,
      created_at: r.created_at,
    }))
  }

  private async presentPass(op: Operator, id: number) {
    const row = found(await this.d.passes.byId(op.session.channel.id, id), 'pass')
    return (await this.presentPasses([row], op.session.channel.currency))[0] as AdminPass
  }

  async listPasses(op: Operator, q: z.output<typeof AdminPassesQuerySchema>) {
    const sort = q.sort ?? 'weight'
    if (!(AdminPassSorts as readonly string[]).includes(sort)) throw invalid({ sort: ['Sort by a field name'] })
    const direction = q.sort ? q.direction : 'desc'
    const { rows, total } = await this.d.passes.list(op.session.channel.id, { ...q, sort, direction })
    return {
      data: await this.presentPasses(rows, op.session.channel.currency),
      meta: { total, offset: q.offset, limit: q.limit },
    }
  }

  readPass(op: Operator, id: number) {
    return this.presentPass(op, id)
  }

  private async checkPassRefs(channelId: number, p: AdminPassFields) {
    if (p.kind === 'event' && p.event_id !== null && !(await this.d.repo.eventOf(channelId, p.event_id))) {
      throw invalid({ event_id: [catalogueMessages.unknownEvent] })
    }
  }

  /** The pass's plan at the provider for these fields; a refusal is a 502 and nothing is written. */
  private async syncPlan(
    row: Pick<PassRow, 'id' | 'stripe_product_id' | 'stripe_price_id'>,
    p: AdminPassFields,
    key: string,
    currency: string,
  ) {
    if (!this.d.gateway.syncPlan) return null
    try {
      return await this.d.gateway.syncPlan({
        passId: row.id,
        name: p.name,
        amount: p.price,
        currency,
        interval: intervalOfFields(p),
        productId: row.stripe_product_id,
        priceId: row.stripe_price_id,
        idempotencyKey: `pass-${row.id}-${key}`,
      })
    } catch (error) {
      this.d.log.warn({ err: error, pass: row.id }, 'pass price not taken by the gateway')
      throw new AppError(502, catalogueMessages.stripeFailed)
    }
  }

  async createPass(op: Operator, body: unknown): Promise<AdminPass> {
    const input = parseInput(AdminPassCreateSchema, body)
    const channelId = op.session.channel.id
    const key = input.idempotency_key
    if (key) {
      const earlier = await this.d.passes.byKey(channelId, key)
      if (earlier) return this.presentPass(op, earlier.id)
    }
    await this.checkPassRefs(channelId, input)
    const now = this.d.clock()
    let id: number
    try {
      id = await this.d.passes.insert({
        channel_id: channelId,
        ...passColumns(input),
        created_at: now,
        idempotency_key: key ?? null,
      })
    } catch (error) {
      // The same action twice at once: the other request made it.
      const earlier = key ? await this.d.passes.byKey(channelId, key) : undefined
      if (earlier) return this.presentPass(op, earlier.id)
      throw error
    }
    try {
      const plan = await this.syncPlan(
        { id, stripe_product_id: null, stripe_price_id: null },
        input,
        key ?? randomUUID(),
        op.session.channel.currency,
      )
      if (plan)
        await this.d.passes.update(channelId, id, {
          stripe_product_id: plan.productId,
          stripe_price_id: plan.priceId,
        })
    } catch (error) {
      await this.d.passes.delete(channelId, id)
      throw error
    }
    const created = await this.presentPass(op, id)
    await this.d.audit(op, { action: 'create', resource: 'passes', resourceId: id, after: created })
    return created
  }

  async updatePass(op: Operator, id: number, body: unknown): Promise<AdminPass> {
    const input = parseInput(AdminPassUpdateSchema, body)
    const channelId = op.session.channel.id
    const row = found(await this.d.passes.byId(channelId, id), 'pass')
    const { retired, merged } = mergeUpdate(passFieldsOf(row), input)
    const problems = passProblems(merged)
    if (Object.keys(problems).length > 0) throw invalid(problemsToErrors(problems))
    await this.checkPassRefs(channelId, merged)
    const before = await this.presentPass(op, id)
    const priced =
      row.stripe_price_id === null ||
      merged.price !== row.price ||
      merged.name !== row.name ||
      intervalOfFields(merged) !== intervalOfFields(passFieldsOf(row))
    const plan = priced ? await this.syncPlan(row, merged, randomUUID(), op.session.channel.currency) : null
    await this.d.passes.update(channelId, id, {
      ...passColumns(merged),
      ...retiredColumn(retired, row.retired_at, this.d.clock),
      ...(plan ? { stripe_product_id: plan.productId, stripe_price_id: plan.priceId } : {}),
    })
    if (plan && plan.priceId !== row.stripe_price_id && row.stripe_price_id !== null) {
      await this.moveSubscribers(id, plan.priceId)
    }
    const after = await this.presentPass(op, id)
    await this.d.audit(op, updateEntry('passes', id, retired, before, after))
    return after
  }

  /**
   * Running subscriptions move to the new price without proration: they pay what they paid until
   * their renewal, the new price from then (the console says so). One refused move is logged and the
   * rest go on; reconciliation of plans is the provider's dashboard's.
   */
  private async moveSubscribers(passId: number, priceId: string) {
    const move = this.d.gateway.movePlan?.bind(this.d.gateway)
    if (!move) return
    for (const o of await this.d.repo.runningSubscriptions(passId)) {
      try {
        await move(o.provider_subscription_id as string, priceId, `move-${o.id}-${priceId}`)
      } catch (error) {
        this.d.log.warn({ err: error, order: o.id }, 'subscription not moved to the new price')
      }
    }
  }

  async deletePass(op: Operator, id: number) {
    const channelId = op.session.channel.id
    const before = await this.presentPass(op, id)
    if (await this.d.repo.hasOrders({ pass_id: id })) throw conflict(catalogueMessages.passSold)
    if (await this.d.bundles.holdPass(channelId, id)) throw conflict(bundleMessages.passInBundle)
    await this.d.passes.delete(channelId, id)
    await this.d.audit(op, { action: 'delete', resource: 'passes', resourceId: id, before })
  }

  // --- coupons ---------------------------------------------------------------------------------

  private presentCoupon(op: Operator, r: CouponRow): AdminCoupon {
    return {
      ...couponFieldsOf(r),
      id: r.id,
      redemptions: r.redemptions,
      retired: r.retired_at !== null,
      currency: op.session.channel.currency,
    }
  }

  private async couponOf(op: Operator, id: number) {
    const row = found(await this.d.repo.coupon(op.session.channel.id, id), 'coupon')
    return row
  }

  async listCoupons(op: Operator, q: AdminListQuery) {
    const sort = q.sort ?? 'code'
    if (!(AdminCouponSorts as readonly string[]).includes(sort)) throw invalid({ sort: ['Sort by a field name'] })
    const { rows, total } = await this.d.repo.coupons(op.session.channel.id, { ...q, sort })
    return { data: rows.map((r) => this.presentCoupon(op, r)), meta: { total, offset: q.offset, limit: q.limit } }
  }

  async readCoupon(op: Operator, id: number) {
    return this.presentCoupon(op, await this.couponOf(op, id))
  }

  private async checkCoupon(op: Operator, c: AdminCouponFields, id: number | null) {
    const channelId = op.session.channel.id
    const known = await this.d.passes.idsOf(channelId, c.applies_to)
    if (known.length !== new Set(c.applies_to).size) throw invalid({ applies_to: [catalogueMessages.unknownPass] })
    const same = await this.d.repo.couponByCode(channelId, c.code)
    if (same && same.id !== id) throw invalid({ code: [catalogueMessages.codeTaken] })
  }

  async createCoupon(op: Operator, body: unknown): Promise<AdminCoupon> {
    const input = parseInput(AdminCouponCreateSchema, body)
    const channelId = op.session.channel.id
    const key = input.idempotency_key
    const earlier = key ? await this.d.repo.couponByKey(channelId, key) : undefined
    if (earlier) return this.presentCoupon(op, earlier)
    await this.checkCoupon(op, input, null)
    let id: number
    try {
      id = await this.d.repo.insertCoupon({
        channel_id: channelId,
        ...couponColumns(input),
        redemptions: 0,
        idempotency_key: key ?? null,
      })
    } catch (error) {
      const again = key ? await this.d.repo.couponByKey(channelId, key) : undefined
      if (again) return this.presentCoupon(op, again)
      if (await this.d.repo.couponByCode(channelId, input.code)) throw invalid({ code: [catalogueMessages.codeTaken] })
      throw error
    }
    const created = await this.readCoupon(op, id)
    await this.d.audit(op, { action: 'create', resource: 'coupons', resourceId: id, after: created })
    return created
  }

  async updateCoupon(op: Operator, id: number, body: unknown): Promise<AdminCoupon> {
    const input = parseInput(AdminCouponUpdateSchema, body)
    const row = await this.couponOf(op, id)
    const { retired, defined, merged } = mergeUpdate(couponFieldsOf(row), input)
    // A coupon is one kind of discount: giving the other kind drops the first.
    if (defined.percent_off !== undefined && defined.percent_off !== null && defined.amount_off === undefined)
      merged.amount_off = null
    if (defined.amount_off !== undefined && defined.amount_off !== null && defined.percent_off === undefined)
      merged.percent_off = null
    const problems = couponProblems(merged)
    if (Object.keys(problems).length > 0) throw invalid(problemsToErrors(problems))
    await this.checkCoupon(op, merged, id)
    const before = this.presentCoupon(op, row)
    await this.d.repo.updateCoupon(op.session.channel.id, id, {
      ...couponColumns(merged),
      ...retiredColumn(retired, row.retired_at, this.d.clock),
    })
    const after = await this.readCoupon(op, id)
    await this.d.audit(op, updateEntry('coupons', id, retired, before, after))
    return after
  }

  async deleteCoupon(op: Operator, id: number) {
    const row = await this.couponOf(op, id)
    if (row.redemptions > 0) throw conflict(catalogueMessages.couponRedeemed)
    await this.d.repo.deleteCoupon(op.session.channel.id, id)
    await this.d.audit(op, {
      action: 'delete',
      resource: 'coupons',
      resourceId: id,
      before: this.presentCoupon(op, row),
    })
  }
}
