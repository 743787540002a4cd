import type { Insertable, Kysely, Updateable } from 'kysely'
import { containsText } from '../../db/dialect.js'
import type { CouponTable, Database, PassKind, PassTable } from '../../db/schema.js'
import { parseJson } from '../../lib/json.js'

type SortDir = 'asc' | 'desc'

/**
 * The console's queries over passes and coupons (decision 0035), every one scoped by channel: lists
 * with what was sold, writes, and the counts that decide retire-or-delete.
 */
export class SalesAdminRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async passes(
    channelId: number,
    q: {
      search?: string | undefined
      kind?: PassKind | undefined
      retired: '0' | '1' | 'all'
      sort: string
      direction: SortDir
      offset: number
      limit: number
    },
  ) {
    let base = this.db.selectFrom('passes').where('channel_id', '=', channelId)
    if (q.search) base = base.where(containsText('name', q.search))
    if (q.kind) base = base.where('kind', '=', q.kind)
    if (q.retired === '0') base = base.where('retired_at', 'is', null)
    if (q.retired === '1') base = base.where('retired_at', 'is not', null)
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    const rows = await base
      .selectAll()
      .orderBy(q.sort as 'weight', q.direction)
      .orderBy('id', 'asc')
      .offset(q.offset)
      .limit(q.limit)
      .execute()
    return { rows, total: Number(total.n) }
  }

  pass(channelId: number, id: number) {
    return this.db
      .selectFrom('passes')
      .selectAll()
      .where('channel_id', '=', channelId)
      .where('id', '=', id)
      .executeTakeFirst()
  }

  passByKey(channelId: number, key: string) {
    return this.db
      .selectFrom('passes')
      .selectAll()
      .where('channel_id', '=', channelId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst()
  }

  /** Paid (or once paid, now refunded) orders of each pass, and subscriptions running on it. */
  async sales(passIds: number[]) {
    const out = new Map<number, { sold: number; subscribers: number }>()
    if (passIds.length === 0) return out
    const rows = await this.db
      .selectFrom('orders')
      .select(['pass_id', 'status', 'activity_status', 'type'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('pass_id', 'in', passIds)
      .where('status', 'in', ['paid', 'refunded'])
      .groupBy(['pass_id', 'status', 'activity_status', 'type'])
      .execute()
    for (const r of rows) {
      const cur = out.get(r.pass_id) ?? { sold: 0, subscribers: 0 }
      cur.sold += Number(r.n)
      if (r.type === 'subscription' && r.status === 'paid' && r.activity_status === 'active') {
        cur.subscribers += Number(r.n)
      }
      out.set(r.pass_id, cur)
    }
    return out
  }

  /** Any order at all names the pass (even a failed one keeps its pass row). */
  async hasOrders(passId: number) {
    const row = await this.db
      .selectFrom('orders')
      .select('id')
      .where('pass_id', '=', passId)
      .limit(1)
      .executeTakeFirst()
    return row !== undefined
  }

  /** Whether one of the channel's bundles holds the pass (deleting it would leave a hole in the bundle). */
  async inBundle(channelId: number, passId: number) {
    const rows = await this.db.selectFrom('bundles').select('pass_ids').where('channel_id', '=', channelId).execute()
    return rows.some((r) => parseJson<number[]>(r.pass_ids, []).includes(passId))
  }

  /** Running subscriptions of a pass at the provider (their plan moves to the new price at renewal). */
  runningSubscriptions(passId: number) {
    return this.db
      .selectFrom('orders')
      .select(['id', 'provider_subscription_id'])
      .where('pass_id', '=', passId)
      .where('type', '=', 'subscription')
      .where('status', '=', 'paid')
      .where('activity_status', '=', 'active')
      .where('provider_subscription_id', 'is not', null)
      .execute()
  }

  async insertPass(values: Insertable<PassTable>) {
    const row = await this.db.insertInto('passes').values(values).returning('id').executeTakeFirstOrThrow()
    return row.id
  }

  async updatePass(channelId: number, id: number, values: Updateable<PassTable>) {
    await this.db.updateTable('passes').set(values).where('channel_id', '=', channelId).where('id', '=', id).execute()
  }

  async deletePass(channelId: number, id: number) {
    await this.db.deleteFrom('passes').where('channel_id', '=', channelId).where('id', '=', id).execute()
  }

  /** Which of these ids are passes of the channel. */
  async passIdsOf(channelId: number, ids: number[]) {
    if (ids.length === 0) return []
    const rows = await this.db
      .selectFrom('passes')
      .select('id')
      .where('channel_id', '=', channelId)
      .where('id', 'in', ids)
      .execute()
    return rows.map((r) => r.id)
  }

  async eventOf(channelId: number, id: number) {
    return this.db
      .selectFrom('events')
      .select('id')
      .where('channel_id', '=', channelId)
      .where('id', '=', id)
      .executeTakeFirst()
  }

  // --- coupons ---------------------------------------------------------------------------------

  async coupons(
    channelId: number,
    q: { search?: string | undefined; sort: string; direction: SortDir; offset: number; limit: number },
  ) {
    let base = this.db.selectFrom('coupons').where('channel_id', '=', channelId)
    if (q.search) base = base.where(containsText('code', q.search))
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    const sort = q.sort === 'valid_to' ? 'expires_at' : (q.sort as 'code')
    const rows = await base
      .selectAll()
      .orderBy(sort, q.direction)
      .orderBy('id', 'asc')
      .offset(q.offset)
      .limit(q.limit)
      .execute()
    return { rows, total: Number(total.n) }
  }

  coupon(channelId: number, id: number) {
    return this.db
      .selectFrom('coupons')
      .selectAll()
      .where('channel_id', '=', channelId)
      .where('id', '=', id)
      .executeTakeFirst()
  }

  couponByCode(channelId: number, code: string) {
    return this.db
      .selectFrom('coupons')
      .selectAll()
      .where('channel_id', '=', channelId)
      .where('code', '=', code)
      .executeTakeFirst()
  }

  couponByKey(channelId: number, key: string) {
    return this.db
      .selectFrom('coupons')
      .selectAll()
      .where('channel_id', '=', channelId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst()
  }

  async insertCoupon(values: Insertable<CouponTable>) {
    const row = await this.db.insertInto('coupons').values(values).returning('id').executeTakeFirstOrThrow()
    return row.id
  }

  async updateCoupon(channelId: number, id: number, values: Updateable<CouponTable>) {
    await this.db.updateTable('coupons').set(values).where('channel_id', '=', channelId).where('id', '=', id).execute()
  }

  async deleteCoupon(channelId: number, id: number) {
    await this.db.deleteFrom('coupons').where('channel_id', '=', channelId).where('id', '=', id).execute()
  }
}
