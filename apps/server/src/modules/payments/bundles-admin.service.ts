import {
  type AdminBundle,
  AdminBundleCreateSchema,
  AdminBundleSorts,
  type AdminBundlesQuerySchema,
  AdminBundleUpdateSchema,
  bundleMessages,
} from '@fieldhouse/contract'
import type { z } from 'zod'
import type { BundleRow } from '../../db/schema.js'
import { conflict, found, invalid } from '../../lib/errors.js'
import { parseJson } from '../../lib/json.js'
import type { AuditSink, Operator } from '../../lib/operator.js'
import { parseInput } from '../../lib/parse-input.js'
import type { BundlesRepository } from './bundles.repository.js'
import type { PassesRepository } from './passes.repository.js'
import { bundleColumns, bundleFieldsOf, mergeUpdate, retiredColumn, updateEntry } from './sale-fields.js'
import type { SalesAdminRepository } from './sales-admin.repository.js'

/**
 * The console's bundles (decision 0040): several of the channel's passes sold together at one price, in
 * one charge. A bundle is a one-time payment (a PaymentIntent at Stripe with its amount, as every
 * one-time pass), so nothing is priced at the provider; a subscription cannot be in one. A bundle that
 * has any order is retired, never deleted. Creates are idempotent on the console action's key; every
 * write is audited.
 */
export class BundlesAdminService {
  constructor(
    private readonly d: {
      /** What was sold of each bundle. */
      sold: SalesAdminRepository
      bundles: BundlesRepository
      passes: PassesRepository
      audit: AuditSink
      clock: () => number
    },
  ) {}

  private async present(rows: BundleRow[], currency: string, channelId: number): Promise<AdminBundle[]> {
    const sales = await this.d.sold.bundleSales(rows.map((r) => r.id))
    const ids = [...new Set(rows.flatMap((r) => parseJson<number[]>(r.pass_ids, [])))]
    const onSale = await this.d.passes.idsOnSale(channelId, ids)
    return rows.map((r) => {
      const fields = bundleFieldsOf(r)
      return {
        ...fields,
        id: r.id,
        base_price: r.base_price,
        currency,
        retired: r.retired_at !== null,
        on_sale: r.retired_at === null && fields.pass_ids.every((id) => onSale.has(id)),
        sold: sales.get(r.id) ?? 0,
      }
    })
  }

  private async presentOne(op: Operator, id: number) {
    const channel = op.session.channel
    const row = found(await this.d.bundles.byId(channel.id, id), 'bundle')
    return (await this.present([row], channel.currency, channel.id))[0] as AdminBundle
  }

  async list(op: Operator, q: z.output<typeof AdminBundlesQuerySchema>) {
    const sort = q.sort ?? 'weight'
    if (!(AdminBundleSorts as readonly string[]).includes(sort)) throw invalid({ sort: ['Sort by a field name'] })
    const direction = q.sort ? q.direction : 'desc'
    const channel = op.session.channel
    const { rows, total } = await this.d.bundles.page(channel.id, { ...q, sort, direction })
    return {
      data: await this.present(rows, channel.currency, channel.id),
      meta: { total, offset: q.offset, limit: q.limit },
    }
  }

  read(op: Operator, id: number) {
    return this.presentOne(op, id)
  }

  /**
   * The passes a bundle is given: every one a pass of this channel, paid once (not a subscription) and
   * on sale. Passes it already held may have been retired since: it then stays off sale until they are
   * back or chosen again.
   */
  private async checkPasses(channelId: number, passIds: number[]) {
    const found = await this.d.passes.kindsOf(channelId, passIds)
    const fail = (message: string) => invalid({ pass_ids: [message] })
    if (found.length !== passIds.length) throw fail(bundleMessages.unknownPass)
    if (found.some((p) => p.kind === 'subscription')) throw fail(bundleMessages.noSubscriptions)
    if (found.some((p) => p.retired_at !== null)) throw fail(bundleMessages.retiredPass)
  }

  async create(op: Operator, body: unknown): Promise<AdminBundle> {
    const input = parseInput(AdminBundleCreateSchema, body)
    const channelId = op.session.channel.id
    const key = input.idempotency_key
    const earlier = key ? await this.d.bundles.byKey(channelId, key) : undefined
    if (earlier) return this.presentOne(op, earlier.id)
    await this.checkPasses(channelId, input.pass_ids)
    let id: number
    try {
      id = await this.d.bundles.insert({
        channel_id: channelId,
        ...bundleColumns(input),
        created_at: this.d.clock(),
        idempotency_key: key ?? null,
      })
    } catch (error) {
      // The same action twice at once: the other request made it.
      const again = key ? await this.d.bundles.byKey(channelId, key) : undefined
      if (again) return this.presentOne(op, again.id)
      throw error
    }
    const created = await this.presentOne(op, id)
    await this.d.audit(op, { action: 'create', resource: 'bundles', resourceId: id, after: created })
    return created
  }

  async update(op: Operator, id: number, body: unknown): Promise<AdminBundle> {
    const input = parseInput(AdminBundleUpdateSchema, body)
    const channelId = op.session.channel.id
    const row = found(await this.d.bundles.byId(channelId, id), 'bundle')
    const { retired, merged } = mergeUpdate(bundleFieldsOf(row), input)
    if (input.pass_ids !== undefined) await this.checkPasses(channelId, merged.pass_ids)
    const before = await this.presentOne(op, id)
    await this.d.bundles.update(channelId, id, {
      ...bundleColumns(merged),
      ...retiredColumn(retired, row.retired_at, this.d.clock),
    })
    const after = await this.presentOne(op, id)
    await this.d.audit(op, updateEntry('bundles', id, retired, before, after))
    return after
  }

  async delete(op: Operator, id: number) {
    const before = await this.presentOne(op, id)
    if (await this.d.sold.hasOrders({ bundle_id: id })) throw conflict(bundleMessages.bundleSold)
    await this.d.bundles.delete(op.session.channel.id, id)
    await this.d.audit(op, { action: 'delete', resource: 'bundles', resourceId: id, before })
  }
}
