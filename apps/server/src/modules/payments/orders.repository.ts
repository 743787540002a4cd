import type { ExpressionBuilder, Insertable, Kysely, SelectQueryBuilder, Updateable } from 'kysely'
import { type Dialect, isUniqueViolation, writeTransaction } from '../../db/dialect.js'
import { opensContent } from '../../db/open-orders.js'
import type { Database, OrderRow, OrderTable, TransactionTable } from '../../db/schema.js'

type OrderQuery = SelectQueryBuilder<Database, 'orders', OrderRow>

/** How an event names its order: by our id, the provider's subscription, or the provider's payment. */
export type OrderKey = { id: number } | { subscriptionId: string } | { paymentId: string }

/** The only code that queries orders and the payment ledger. */
export class OrdersRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /**
   * Runs `fn` in one write transaction with what it may do there (`OrderWrites`): the order it reads
   * is locked (`FOR UPDATE` on PostgreSQL; SQLite takes its write lock up front, `BEGIN IMMEDIATE`),
   * so two writers of one order go one after the other.
   */
  transaction<T>(fn: (orders: OrderWrites) => Promise<T>) {
    return writeTransaction(this.db, this.dialect, (trx) => fn(new OrderWrites(trx, this.dialect)))
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
    return this.ofUser(userId)
      .where('pass_id', '=', passId)
      .where('status', '=', 'created')
      .where('checkout_terms', 'is not', null)
      .orderBy('id', 'desc')
      .executeTakeFirst()
  }

  orderByKey(userId: number, idempotencyKey: string) {
    return this.ofUser(userId).where('idempotency_key', '=', idempotencyKey).executeTakeFirst()
  }

  order(id: number) {
    return this.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst()
  }

  /** The user's orders, whole rows. */
  private ofUser(userId: number) {
    return this.db.selectFrom('orders').selectAll().where('user_id', '=', userId)
  }

  orderOfUser(userId: number, id: number) {
    return this.ofUser(userId).where('id', '=', id).executeTakeFirst()
  }

  ordersOfUser(userId: number, page: { offset: number; limit: number | null }) {
    let q = this.ofUser(userId).orderBy('created_at', 'desc').orderBy('id', 'desc')
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
      .where('orders.pass_id', '=', passId)
      .where((eb) => opensContent(eb, userId, now))
      .executeTakeFirst()
    return row !== undefined
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

  /** Auto-renewal off: the pass keeps working to the end of its period. */
  async stopRenewal(orderId: number, now: number) {
    await this.db.updateTable('orders').set({ auto_renew: 0, updated_at: now }).where('id', '=', orderId).execute()
  }

  /** Paid passes still open whose period has ended by `now`: renewed, or closed. */
  periodEnded(now: number) {
    return this.db
      .selectFrom('orders')
      .selectAll()
      .where('status', '=', 'paid')
      .where('activity_status', '=', 'active')
      .where('period_end', '<=', now)
      .execute()
  }

  /** A pass past its period: it opens nothing any more. */
  async expire(orderId: number, now: number) {
    await this.db
      .updateTable('orders')
      .set({ activity_status: 'expired', updated_at: now })
      .where('id', '=', orderId)
      .execute()
  }

  /**
   * The checkouts of this gateway still `created` since `placedBefore` (a bundle's lead order only: its
   * other passes follow it), which reconciliation asks the provider about.
   */
  unanswered(gateway: OrderRow['gateway'], placedBefore: number) {
    return this.db
      .selectFrom('orders')
      .selectAll()
      .where('status', '=', 'created')
      .where('gateway', '=', gateway)
      .where('created_at', '<=', placedBefore)
      .where('idempotency_key', 'not like', '%#%')
      .execute()
  }
}

/** An order and — for a bundle's lead order — the passes bought with it, which follow it. */
const sameCheckout = (eb: ExpressionBuilder<Database, 'orders'>, order: OrderRow) => {
  const siblings = order.bundle_id !== null && !order.idempotency_key.includes('#')
  return siblings
    ? eb.or([
        eb('id', '=', order.id),
        eb.and([eb('user_id', '=', order.user_id), eb('idempotency_key', 'like', `${order.idempotency_key}#%`)]),
      ])
    : eb('id', '=', order.id)
}

/** What an order's write transaction may do (`OrdersRepository.transaction`): every call in that transaction. */
export class OrderWrites {
  constructor(
    private readonly trx: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /** The order row, locked for the rest of the transaction where the database can lock a row. */
  lock(key: OrderKey) {
    const where = (q: OrderQuery) =>
      'id' in key
        ? q.where('id', '=', key.id)
        : 'subscriptionId' in key
          ? q.where('provider_subscription_id', '=', key.subscriptionId)
          : q.where('provider_payment_id', '=', key.paymentId)
    const q = where(this.trx.selectFrom('orders').selectAll())
    return (this.dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirst()
  }

  /** Writes a provider event into the ledger; false when it is there already (a redelivery). */
  async recordEvent(entry: {
    gateway: OrderRow['gateway']
    providerEventId: string
    type: string
    orderId: number | null
    payload: string
    receivedAt: number
  }) {
    const inserted = await this.trx
      .insertInto('payment_events')
      .values({
        gateway: entry.gateway,
        provider_event_id: entry.providerEventId,
        type: entry.type,
        order_id: entry.orderId,
        payload: entry.payload,
        received_at: entry.receivedAt,
      })
      .onConflict((oc) => oc.columns(['gateway', 'provider_event_id']).doNothing())
      .returning('id')
      .executeTakeFirst()
    return inserted !== undefined
  }

  /** Money taken for an order, once per provider reference. */
  async recordTransaction(values: Insertable<TransactionTable>) {
    await this.trx
      .insertInto('transactions')
      .values(values)
      .onConflict((oc) => oc.column('provider_ref').doNothing())
      .execute()
  }

  /**
   * Changes an order and the rest of its checkout (a bundle's passes follow their lead order);
   * `whileCreated`: only those still waiting for their payment.
   */
  async updateCheckout(order: OrderRow, set: Updateable<OrderTable>, opts: { whileCreated?: boolean } = {}) {
    let q = this.trx
      .updateTable('orders')
      .set(set)
      .where((eb) => sameCheckout(eb, order))
    if (opts.whileCreated) q = q.where('status', '=', 'created')
    await q.execute()
  }

  /** What a checkout held, given back when it fails: its coupon redemption and the viewer's trial. */
  async releaseHolds(order: OrderRow) {
    if (order.idempotency_key.includes('#')) return
    if (order.coupon_code) {
      await this.trx
        .updateTable('coupons')
        .set((eb) => ({ redemptions: eb('redemptions', '-', 1) }))
        .where('channel_id', '=', order.channel_id)
        .where('code', '=', order.coupon_code)
        .where('redemptions', '>', 0)
        .execute()
    }
    if (order.type === 'subscription' && order.trial_ends_at !== null) {
      // The trial is the viewer's again — unless another trial of theirs holds it (or held it once).
      const other = await this.trx
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', order.user_id)
        .where('id', '!=', order.id)
        .where('trial_ends_at', 'is not', null)
        .where('status', 'in', ['created', 'paid', 'refunded'])
        .executeTakeFirst()
      if (!other) {
        await this.trx.updateTable('users').set({ trial_period_used: 0 }).where('id', '=', order.user_id).execute()
      }
    }
  }
}
