import type { Kysely } from 'kysely'
import { findInChannel } from '../../db/channel-rows.js'
import type { Database } from '../../db/schema.js'

/**
 * The viewer-side queries of payments over coupons, payment customers, transactions and the viewer's
 * trial (orders and the payment ledger: `OrdersRepository`; passes and bundles: `PassesRepository`,
 * `BundlesRepository`).
 */
export class PaymentsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The signed-in viewer, when they belong to this channel. */
  user(channelId: number, userId: number) {
    return findInChannel(this.db, 'users', channelId, { id: userId })
  }

  coupon(channelId: number, code: string) {
    return findInChannel(this.db, 'coupons', channelId, { code: code.toUpperCase() })
  }

  /** A viewer's checkouts with a code that hold or used a redemption (not those that failed). */
  async couponUses(userId: number, code: string) {
    const row = await this.db
      .selectFrom('orders')
      .select((eb) => eb.fn.count<number>('id').distinct().as('n'))
      .where('user_id', '=', userId)
      .where('coupon_code', '=', code)
      .where('status', '!=', 'failed')
      // One checkout of a bundle is several orders with one key: `#n` marks the others.
      .where('idempotency_key', 'not like', '%#%')
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  /** Counts a redemption unless the cap is reached; false when it is. */
  async redeemCoupon(couponId: number) {
    const res = await this.db
      .updateTable('coupons')
      .set((eb) => ({ redemptions: eb('redemptions', '+', 1) }))
      .where('id', '=', couponId)
      .where((eb) => eb.or([eb('max_redemptions', 'is', null), eb('redemptions', '<', eb.ref('max_redemptions'))]))
      .executeTakeFirst()
    return Number(res.numUpdatedRows) === 1
  }

  /**
   * Takes the viewer's one free trial for a checkout; false when it is taken already (by an earlier
   * trial, or a concurrent checkout that got there first).
   */
  async claimTrial(userId: number) {
    const res = await this.db
      .updateTable('users')
      .set({ trial_period_used: 1 })
      .where('id', '=', userId)
      .where('trial_period_used', '=', 0)
      .executeTakeFirst()
    return Number(res.numUpdatedRows) === 1
  }

  transactionsOfUser(userId: number) {
    return this.db
      .selectFrom('transactions')
      .innerJoin('orders', 'orders.id', 'transactions.order_id')
      .innerJoin('passes', 'passes.id', 'orders.pass_id')
      .selectAll('transactions')
      .select('passes.name as product_name')
      .where('transactions.user_id', '=', userId)
      .orderBy('transactions.created_at', 'desc')
      .orderBy('transactions.id', 'desc')
      .execute()
  }

  customerId(userId: number, gateway: 'test' | 'stripe') {
    return this.db
      .selectFrom('payment_customers')
      .select('customer_id')
      .where('user_id', '=', userId)
      .where('gateway', '=', gateway)
      .executeTakeFirst()
      .then((r) => r?.customer_id ?? null)
  }

  async saveCustomer(userId: number, gateway: 'test' | 'stripe', customerId: string) {
    await this.db
      .insertInto('payment_customers')
      .values({ user_id: userId, gateway, customer_id: customerId })
      .onConflict((oc) => oc.columns(['user_id', 'gateway']).doNothing())
      .execute()
    return (await this.customerId(userId, gateway)) as string
  }
}
