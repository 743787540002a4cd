import type { AdminOrdersQuery } from '@fieldhouse/contract'
import { type Insertable, type Kysely, type Selectable, sql } from 'kysely'
import { containsText, type Dialect, writeTransaction } from '../../db/dialect.js'
import type { Database, OrderRow, OrderTable, RefundTable } from '../../db/schema.js'

const isUniqueViolation = (error: unknown) =>
  /unique|duplicate key/i.test(error instanceof Error ? error.message : String(error))

/** Refunds that hold money: asked of the gateway, or made. A refused one holds nothing. */
const HOLDING = ['pending', 'succeeded'] as const

export type RefundRow = Selectable<RefundTable>

const SORTS = { created_at: 'orders.created_at', amount: 'orders.amount', status: 'orders.status', id: 'orders.id' }

/** The console's queries over orders, refunds and the console's own action keys (decision 0036). */
export class SalesRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  private orders(channelId: number) {
    return this.db
      .selectFrom('orders')
      .innerJoin('users', 'users.id', 'orders.user_id')
      .innerJoin('passes', 'passes.id', 'orders.pass_id')
      .leftJoin('events', 'events.id', 'orders.event_id')
      .where('orders.channel_id', '=', channelId)
  }

  private filtered(channelId: number, q: AdminOrdersQuery, range: { from?: number; to?: number }) {
    let query = this.orders(channelId)
    if (q.search) {
      const text = q.search
      const id = /^#?\d{1,9}$/.test(text) ? Number(text.replace('#', '')) : null
      query = query.where((eb) =>
        eb.or([
          eb(containsText('users.email', text), '=', sql.lit(true)),
          eb(containsText('passes.name', text), '=', sql.lit(true)),
          ...(id !== null ? [eb('orders.id', '=', id)] : []),
        ]),
      )
    }
    if (q.status) query = query.where('orders.status', '=', q.status)
    if (q.pass_id) query = query.where('orders.pass_id', '=', q.pass_id)
    if (range.from !== undefined) query = query.where('orders.created_at', '>=', range.from)
    if (range.to !== undefined) query = query.where('orders.created_at', '<', range.to)
    return query
  }

  /** A page of the channel's orders (or every one up to `limit` for the export), with what went back. */
  async list(channelId: number, q: AdminOrdersQuery, range: { from?: number; to?: number }) {
    const base = this.filtered(channelId, q, range)
    const total = await base
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n))
    const sort = SORTS[(q.sort ?? 'created_at') as keyof typeof SORTS] ?? SORTS.created_at
    const rows = await base
      .select([
        'orders.id',
        'orders.created_at',
        'orders.user_id',
        'users.email',
        'orders.pass_id',
        'passes.name as pass_name',
        'passes.kind as pass_kind',
        'orders.event_id',
        'events.name as event_name',
        'orders.type',
        'orders.status',
        'orders.activity_status',
        'orders.amount',
        'orders.currency',
        'orders.coupon_code',
        'orders.gateway',
        'orders.complimentary',
        'orders.auto_renew',
        'orders.period_end',
      ])
      .select((eb) =>
        eb
          .selectFrom('refunds')
          .select((r) => r.fn.coalesce(r.fn.sum<number>('refunds.amount'), sql<number>`0`).as('s'))
          .whereRef('refunds.order_id', '=', 'orders.id')
          .where('refunds.status', '=', 'succeeded')
          .as('refunded'),
      )
      .orderBy(sql.ref(sort), q.direction)
      .orderBy('orders.id', q.direction)
      .limit(q.limit)
      .offset(q.offset)
      .execute()
    return { rows, total }
  }

  /** One order of the channel with its viewer, pass and event. */
  orderOf(channelId: number, orderId: number) {
    return this.orders(channelId)
      .selectAll('orders')
      .select(['users.email', 'passes.name as pass_name', 'passes.kind as pass_kind', 'events.name as event_name'])
      .where('orders.id', '=', orderId)
      .executeTakeFirst()
  }

  /** What the provider told us about an order, and the money it took. */
  async story(orderId: number) {
    const [events, transactions, refunds] = await Promise.all([
      this.db
        .selectFrom('payment_events')
        .select(['id', 'type', 'received_at'])
        .where('order_id', '=', orderId)
        .orderBy('received_at')
        .orderBy('id')
        .execute(),
      this.db
        .selectFrom('transactions')
        .select(['id', 'type', 'amount', 'created_at'])
        .where('order_id', '=', orderId)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),
      this.refundsOf(orderId),
    ])
    return { events, transactions, refunds }
  }

  refundsOf(orderId: number) {
    return this.db
      .selectFrom('refunds')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('created_at')
      .orderBy('id')
      .execute()
  }

  refundByKey(channelId: number, key: string) {
    return this.db
      .selectFrom('refunds')
      .selectAll()
      .where('channel_id', '=', channelId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst()
  }

  /**
   * A refund asked for, under the order's lock: `check` sees the order and what its refunds already
   * hold, and answers the refund to record (or throws). The same key twice records one refund: the
   * second gets the first (`created: false`).
   */
  async placeRefund(
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
        const same = await trx
          .selectFrom('refunds')
          .selectAll()
          .where('channel_id', '=', channelId)
          .where('idempotency_key', '=', key)
          .executeTakeFirst()
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
      const winner = await this.refundByKey(channelId, key)
      if (!winner) throw error
      return { refund: winner, created: false }
    }
  }

  /**
   * Takes a pending refund to ask the provider again (a retry after it did not answer), unless another
   * request asked it since `staleBefore`: one request at a time asks for one refund.
   */
  async claimRefund(refundId: number, now: number, staleBefore: number) {
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
  async settleRefund(
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

  /** A subscription ended now by the console: it opens nothing from here and renews never. */
  async cancelNow(orderId: number, now: number) {
    await this.db
      .updateTable('orders')
      .set({ activity_status: 'canceled', auto_renew: 0, updated_at: now })
      .where('id', '=', orderId)
      .where('status', '=', 'paid')
      .execute()
  }

  async stopRenewal(orderId: number, now: number) {
    await this.db.updateTable('orders').set({ auto_renew: 0, updated_at: now }).where('id', '=', orderId).execute()
  }

  /** The paid orders of an event not wholly refunded: its pass's and those that name it. */
  ordersOfEvent(channelId: number, eventId: number) {
    return this.db
      .selectFrom('orders')
      .innerJoin('passes', 'passes.id', 'orders.pass_id')
      .selectAll('orders')
      .where('orders.channel_id', '=', channelId)
      .where('orders.status', '=', 'paid')
      .where((eb) =>
        eb.or([
          eb('orders.event_id', '=', eventId),
          eb.and([eb('passes.kind', '=', 'event'), eb('passes.event_id', '=', eventId)]),
        ]),
      )
      .orderBy('orders.id')
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

  eventOf(channelId: number, eventId: number) {
    return this.db
      .selectFrom('events')
      .select(['id', 'name'])
      .where('id', '=', eventId)
      .where('channel_id', '=', channelId)
      .executeTakeFirst()
  }

  /** A console action's answer by its key, when it was done already. */
  async actionByKey(channelId: number, key: string) {
    return this.db
      .selectFrom('console_actions')
      .selectAll()
      .where('channel_id', '=', channelId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst()
  }

  /** Records a console action's key; false when another request holds it already. */
  async claimAction(channelId: number, key: string, action: string, now: number) {
    try {
      await this.db
        .insertInto('console_actions')
        .values({ channel_id: channelId, idempotency_key: key, action, result: null, created_at: now })
        .execute()
      return true
    } catch (error) {
      if (isUniqueViolation(error)) return false
      throw error
    }
  }

  async actionDone(channelId: number, key: string, result: unknown) {
    await this.db
      .updateTable('console_actions')
      .set({ result: JSON.stringify(result) })
      .where('channel_id', '=', channelId)
      .where('idempotency_key', '=', key)
      .execute()
  }

  /** A console action that failed: its key is free for the retry. */
  async releaseAction(channelId: number, key: string) {
    await this.db
      .deleteFrom('console_actions')
      .where('channel_id', '=', channelId)
      .where('idempotency_key', '=', key)
      .where('result', 'is', null)
      .execute()
  }

  /** A complimentary order: paid, open, for nothing. */
  async insertComplimentary(values: Insertable<OrderTable>) {
    return this.db.insertInto('orders').values(values).returningAll().executeTakeFirstOrThrow()
  }

  /** A complimentary pass taken back: it opens nothing any more. */
  async revokeComplimentary(orderId: number, now: number) {
    await this.db
      .updateTable('orders')
      .set({ activity_status: 'canceled', updated_at: now })
      .where('id', '=', orderId)
      .where('complimentary', '=', 1)
      .execute()
  }

  /** A viewer of the channel, by id or by email (case-insensitive). */
  viewer(channelId: number, who: { id?: number | undefined; email?: string | undefined }) {
    let q = this.db.selectFrom('users').select(['id', 'email']).where('channel_id', '=', channelId)
    if (who.id !== undefined) q = q.where('id', '=', who.id)
    if (who.email !== undefined) q = q.where((eb) => eb(eb.fn('lower', ['email']), '=', who.email?.toLowerCase() ?? ''))
    return q.executeTakeFirst()
  }

  /** Money taken in `[from, to)`, each payment with its order's pass and event. */
  moneyIn(channelId: number, from: number, to: number) {
    return this.db
      .selectFrom('transactions')
      .innerJoin('orders', 'orders.id', 'transactions.order_id')
      .innerJoin('passes', 'passes.id', 'orders.pass_id')
      .leftJoin('events', 'events.id', 'orders.event_id')
      .select([
        'transactions.order_id',
        'transactions.amount',
        'transactions.created_at',
        'orders.pass_id',
        'passes.name as pass_name',
        'orders.event_id',
        'events.name as event_name',
      ])
      .where('transactions.channel_id', '=', channelId)
      .where('transactions.status', '=', 'paid')
      .where('transactions.created_at', '>=', from)
      .where('transactions.created_at', '<', to)
      .execute()
  }

  /** Refunds made in `[from, to)`, each with its order's pass and event. */
  moneyOut(channelId: number, from: number, to: number) {
    return this.db
      .selectFrom('refunds')
      .innerJoin('orders', 'orders.id', 'refunds.order_id')
      .innerJoin('passes', 'passes.id', 'orders.pass_id')
      .leftJoin('events', 'events.id', 'orders.event_id')
      .select([
        'refunds.order_id',
        'refunds.amount',
        'refunds.created_at',
        'orders.pass_id',
        'passes.name as pass_name',
        'orders.event_id',
        'events.name as event_name',
      ])
      .where('refunds.channel_id', '=', channelId)
      .where('refunds.status', '=', 'succeeded')
      .where('refunds.created_at', '>=', from)
      .where('refunds.created_at', '<', to)
      .execute()
  }
}
