import type { Insertable, Kysely, Selectable } from 'kysely'
import { findInChannel } from '../../db/channel-rows.js'
import { type Dialect, isUniqueViolation, writeTransaction } from '../../db/dialect.js'
import type { Database, OrderRow, RefundTable } from '../../db/schema.js'

/** Refunds that hold money: asked of the gateway, or made. A refused one holds nothing. */
const HOLDING = ['pending', 'succeeded'] as const

export type RefundRow = Selectable<RefundTable>

/**
 * The only code that queries refunds (decision 0036): recorded pending under the order's lock with the
 * console's key, claimed for a retry, settled with the gateway's answer (closing the order when all of
 * it went back), and what refunds already hold.
 */
export class RefundsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  ofOrder(orderId: number) {
    return this.db
      .selectFrom('refunds')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('created_at')
      .orderBy('id')
      .execute()
  }

  byKey(channelId: number, key: string) {
    return findInChannel(this.db, 'refunds', channelId, { idempotency_key: key })
  }

  /**
   * A refund asked for, under the order's lock: `check` sees the order and what its refunds already
   * hold, and answers the refund to record (or throws). The same key twice records one refund: the
   * second gets the first (`created: false`).
   */
  async place(
    channelId: number,
    orderId: number,
    key: string,
    check: (order: OrderRow, held: number) => Omit<Insertable<RefundTable>, 'order_id' | 'channel_id'>,
  ): Promise<{ refund: RefundRow; created: boolean }> {
    try {
      return await writeTransaction(this.db, this.dialect, async (trx) => {
        const lock = trx.selectFrom('orders').selectAll().where('id', '=', orderId).where('channel_id', '=', channelId)
        const order = await (this.dialect === 'postgres' ? lock.forUpdate() : lock).executeTakeFirstOrThrow()
        // Read under the lock: a request with the same key that held it first has committed its refund.
        const same = await findInChannel(trx, 'refunds', channelId, { idempotency_key: key })
        if (same) return { refund: same, created: false }
        const held = await trx
          .selectFrom('refunds')
          .select((eb) => eb.fn.sum<number>('amount').as('s'))
          .where('order_id', '=', orderId)
          .where('status', 'in', HOLDING)
          .executeTakeFirst()
        const values = check(order, Number(held?.s ?? 0))
        const refund = await trx
          .insertInto('refunds')
          .values({ ...values, order_id: orderId, channel_id: channelId })
          .returningAll()
          .executeTakeFirstOrThrow()
        return { refund, created: true }
      })
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
      // A concurrent request with the same key got there first: that one is the refund.
      const winner = await this.byKey(channelId, key)
      if (!winner) throw error
      return { refund: winner, created: false }
    }
  }

  /**
   * Takes a pending refund to ask the provider again (a retry after it did not answer), unless another
   * request asked it since `staleBefore`: one request at a time asks for one refund.
   */
  async claim(refundId: number, now: number, staleBefore: number) {
    const r = await this.db
      .updateTable('refunds')
      .set({ updated_at: now })
      .where('id', '=', refundId)
      .where('status', '=', 'pending')
      .where('updated_at', '<=', staleBefore)
      .executeTakeFirst()
    return Number(r.numUpdatedRows) > 0
  }

  /**
   * The gateway's answer on a refund. A refund that made the order's total go back closes the order
   * (and the passes bought with it) in the same transaction: `refunded`, opening nothing, renewing never.
   * Answers whether the order is now wholly refunded, and whether this answer settled the refund.
   */
  async settle(
    refund: RefundRow,
    outcome: { status: 'succeeded'; providerRefundId: string } | { status: 'failed'; message: string },
    now: number,
  ) {
    return writeTransaction(this.db, this.dialect, async (trx) => {
      const lock = trx.selectFrom('orders').selectAll().where('id', '=', refund.order_id)
      const order = await (this.dialect === 'postgres' ? lock.forUpdate() : lock).executeTakeFirstOrThrow()
      const moved = await trx
        .updateTable('refunds')
        .set(
          outcome.status === 'succeeded'
            ? { status: 'succeeded', provider_refund_id: outcome.providerRefundId, updated_at: now }
            : { status: 'failed', failure_message: outcome.message.slice(0, 300), updated_at: now },
        )
        .where('id', '=', refund.id)
        .where('status', '=', 'pending')
        .executeTakeFirst()
      /** This answer settled the refund (a concurrent one with the same key may have done it first). */
      const settled = Number(moved.numUpdatedRows) > 0
      if (outcome.status === 'failed') return { whole: false, order, settled }
      const done = await trx
        .selectFrom('refunds')
        .select((eb) => eb.fn.sum<number>('amount').as('s'))
        .where('order_id', '=', order.id)
        .where('status', '=', 'succeeded')
        .executeTakeFirst()
      const whole = Number(done?.s ?? 0) >= order.amount
      if (whole) await this.close(trx, order, 'refunded', 'inactive', now)
      return { whole, order, settled }
    })
  }

  /** An order (and, for a bundle's lead order, the passes bought with it) opens nothing any more. */
  private async close(
    trx: Kysely<Database>,
    order: OrderRow,
    status: OrderRow['status'],
    activity: OrderRow['activity_status'],
    now: number,
  ) {
    const siblings = order.bundle_id !== null && !order.idempotency_key.includes('#')
    await trx
      .updateTable('orders')
      .set({ status, activity_status: activity, auto_renew: 0, updated_at: now })
      .where((eb) =>
        siblings
          ? eb.or([
              eb('id', '=', order.id),
              eb.and([eb('user_id', '=', order.user_id), eb('idempotency_key', 'like', `${order.idempotency_key}#%`)]),
            ])
          : eb('id', '=', order.id),
      )
      .execute()
  }

  /** Money already held by refunds of these orders, by order. */
  async heldByOrder(orderIds: number[]) {
    if (orderIds.length === 0) return new Map<number, number>()
    const rows = await this.db
      .selectFrom('refunds')
      .select(['order_id', (eb) => eb.fn.sum<number>('amount').as('s')])
      .where('order_id', 'in', orderIds)
      .where('status', 'in', HOLDING)
      .groupBy('order_id')
      .execute()
    return new Map(rows.map((r) => [r.order_id, Number(r.s)]))
  }
}
