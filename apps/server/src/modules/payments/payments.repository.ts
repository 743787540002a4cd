import type { Insertable, Kysely } from 'kysely'
import { type Dialect, writeTransaction } from '../../db/dialect.js'
import type { Database, OrderRow, OrderTable, PassKind } from '../../db/schema.js'

const isUniqueViolation = (error: unknown) =>
  /unique|duplicate key/i.test(error instanceof Error ? error.message : String(error))

/** The only code that queries passes, bundles, coupons, orders, transactions and the payment ledger. */
export class PaymentsRepository {
  constructor(
    readonly db: Kysely<Database>,
    readonly dialect: Dialect,
  ) {}

  passes(channelId: number, kinds: PassKind[]) {
    return this.db
      .selectFrom('passes')
      .selectAll()
      .where('channel_id', '=', channelId)
      .where('kind', 'in', kinds)
      .orderBy('weight', 'desc')
      .orderBy('id')
      .execute()
  }

  pass(channelId: number, id: number) {
    return this.db
      .selectFrom('passes')
      .selectAll()
      .where('channel_id', '=', channelId)
      .where('id', '=', id)
      .executeTakeFirst()
  }

  bundle(channelId: number, id: number) {
    return this.db
      .selectFrom('bundles')
      .selectAll()
      .where('channel_id', '=', channelId)
      .where('id', '=', id)
      .executeTakeFirst()
  }

  bundles(channelId: number) {
    return this.db.selectFrom('bundles').selectAll().where('channel_id', '=', channelId).orderBy('id').execute()
  }

  coupon(channelId: number, code: string) {
    return this.db
      .selectFrom('coupons')
      .selectAll()
      .where('channel_id', '=', channelId)
      .where('code', '=', code.toUpperCase())
      .executeTakeFirst()
  }

  /** Counts a redemption unless the cap is reached; false when it is. */
  async redeemCoupon(trx: Kysely<Database>, couponId: number) {
    const res = await trx
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

  /**
   * A new order; or — when this user already placed one with this idempotency key — that one
   * (`sameKey`); or — when another checkout of this pass by this user is still open — that one
   * (`sameKey: false`). The unique (user, key) constraint and the partial unique index of open
   * checkouts (migration 0007) decide between concurrent requests: exactly one insert wins.
   * `settled`: an open checkout refused the insert and was settled before it could be read.
   */
  async createOrder(
    values: Insertable<OrderTable>,
  ): Promise<
    { order: OrderRow; created: true } | { order: OrderRow; created: false; sameKey: boolean } | { created: 'settled' }
  > {
    const found = await this.orderByKey(values.user_id, values.idempotency_key)
    if (found) return { order: found, created: false, sameKey: true }
    try {
      const order = await this.db.insertInto('orders').values(values).returningAll().executeTakeFirstOrThrow()
      return { order, created: true }
    } catch (error) {
      const again = await this.orderByKey(values.user_id, values.idempotency_key)
      if (again) return { order: again, created: false, sameKey: true }
      const open = await this.openCheckout(values.user_id, values.pass_id)
      if (open) return { order: open, created: false, sameKey: false }
      // The open checkout that stood in the way settled in the meantime: the caller looks again.
      if (isUniqueViolation(error)) return { created: 'settled' }
      throw error
    }
  }

  /** An order that gives way before the provider was asked: nothing was charged, nothing is kept. */
  async deleteUnasked(orderId: number) {
    await this.db
      .deleteFrom('orders')
      .where('id', '=', orderId)
      .where('status', '=', 'created')
      .where('provider_payment_id', 'is', null)
      .where('provider_subscription_id', 'is', null)
      .execute()
  }

  /** The viewer's checkout of this pass still waiting for its payment (at most one: migration 0007). */
  openCheckout(userId: number, passId: number) {
    return this.db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', userId)
      .where('pass_id', '=', passId)
      .where('status', '=', 'created')
      .where('checkout_terms', 'is not', null)
      .orderBy('id', 'desc')
      .executeTakeFirst()
  }

  orderByKey(userId: number, idempotencyKey: string) {
    return this.db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', userId)
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirst()
  }

  order(id: number) {
    return this.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst()
  }

  orderOfUser(userId: number, id: number) {
    return this.db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst()
  }

  ordersOfUser(userId: number, page: { offset: number; limit: number | null }) {
    let q = this.db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
    if (page.limit !== null) q = q.limit(page.limit).offset(page.offset)
    return q.execute()
  }

  countOrdersOfUser(userId: number) {
    return this.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n))
  }

  /** Whether the user holds the pass: a paid order of it that is active and not past its period. */
  async holdsPass(userId: number, passId: number, now: number) {
    const row = await this.db
      .selectFrom('orders')
      .select('orders.id')
      .where('orders.user_id', '=', userId)
      .where('orders.pass_id', '=', passId)
      .where('orders.status', '=', 'paid')
      .where('orders.activity_status', '=', 'active')
      .where((eb) => eb.or([eb('orders.period_end', 'is', null), eb('orders.period_end', '>', now)]))
      .executeTakeFirst()
    return row !== undefined
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

  async setProviderIds(orderId: number, ids: { payment?: string; subscription?: string }) {
    await this.db
      .updateTable('orders')
      .set({
        ...(ids.payment ? { provider_payment_id: ids.payment } : {}),
        ...(ids.subscription ? { provider_subscription_id: ids.subscription } : {}),
        updated_at: Date.now(),
      })
      .where('id', '=', orderId)
      .execute()
  }

  inTransaction<T>(fn: (trx: Kysely<Database>) => Promise<T>) {
    return writeTransaction(this.db, this.dialect, fn)
  }
}
