import type { Insertable, Kysely, Updateable } from 'kysely'
import { deleteInChannel, findInChannel, updateInChannel } from '../../db/channel-rows.js'
import { containsText } from '../../db/dialect.js'
import { countedPage } from '../../db/paged.js'
import type { CouponTable, Database } from '../../db/schema.js'

type SortDir = 'asc' | 'desc'

/**
 * The console's queries over what was sold of passes and bundles (decisions 0035, 0040) — the counts
 * its lists show and that decide retire-or-delete — and over coupons, every one scoped by channel
 * (the passes and bundles themselves: `PassesRepository`, `BundlesRepository`).
 */
export class SalesAdminRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Paid (or once paid, now refunded) orders of each pass, and subscriptions running on it. */
  async passSales(passIds: number[]) {
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

  /**
   * Checkouts of each bundle paid (or paid, then refunded): its lead orders only — the other passes
   * of one checkout carry the same key with `#n`.
   */
  async bundleSales(bundleIds: number[]) {
    const out = new Map<number, number>()
    if (bundleIds.length === 0) return out
    const rows = await this.db
      .selectFrom('orders')
      .select('bundle_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('bundle_id', 'in', bundleIds)
      .where('status', 'in', ['paid', 'refunded'])
      .where('idempotency_key', 'not like', '%#%')
      .groupBy('bundle_id')
      .execute()
    for (const r of rows) if (r.bundle_id !== null) out.set(r.bundle_id, Number(r.n))
    return out
  }

  /** Any order at all names the pass or the bundle (even a failed one keeps its row). */
  async hasOrders(of: { pass_id: number } | { bundle_id: number }) {
    const orders = this.db.selectFrom('orders').select('id')
    const named =
      'pass_id' in of ? orders.where('pass_id', '=', of.pass_id) : orders.where('bundle_id', '=', of.bundle_id)
    const row = await named.limit(1).executeTakeFirst()
    return row !== undefined
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

  eventOf(channelId: number, id: number) {
    return findInChannel(this.db, 'events', channelId, { id }, ['id'])
  }

  // --- coupons ---------------------------------------------------------------------------------

  async coupons(
    channelId: number,
    q: { search?: string | undefined; sort: string; direction: SortDir; offset: number; limit: number },
  ) {
    let base = this.db.selectFrom('coupons').where('channel_id', '=', channelId)
    if (q.search) base = base.where(containsText('code', q.search))
    const sort = q.sort === 'valid_to' ? 'expires_at' : q.sort
    return countedPage(base, (rows) => rows.selectAll(), { ...q, sort, tieBreak: 'id', tieDirection: 'asc' })
  }

  coupon(channelId: number, id: number) {
    return findInChannel(this.db, 'coupons', channelId, { id })
  }

  couponByCode(channelId: number, code: string) {
    return findInChannel(this.db, 'coupons', channelId, { code })
  }

  couponByKey(channelId: number, key: string) {
    return findInChannel(this.db, 'coupons', channelId, { idempotency_key: key })
  }

  async insertCoupon(values: Insertable<CouponTable>) {
    const row = await this.db.insertInto('coupons').values(values).returning('id').executeTakeFirstOrThrow()
    return row.id
  }

  async updateCoupon(channelId: number, id: number, values: Updateable<CouponTable>) {
    await updateInChannel(this.db, 'coupons', channelId, { id }, values)
  }

  async deleteCoupon(channelId: number, id: number) {
    await deleteInChannel(this.db, 'coupons', channelId, { id })
  }
}
