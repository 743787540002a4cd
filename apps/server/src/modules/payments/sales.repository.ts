import type { AdminOrdersQuery } from '@fieldhouse/contract'
import { type Insertable, type Kysely, sql } from 'kysely'
import { findInChannel } from '../../db/channel-rows.js'
import { containsText } from '../../db/dialect.js'
import { countedPage } from '../../db/paged.js'
import type { Database, OrderTable, RefundTable, TransactionTable } from '../../db/schema.js'

/** What payments (`transactions`) and refunds have alike: the revenue report reads them the same way. */
type MoneyColumns = Pick<TransactionTable, 'channel_id' | 'order_id' | 'amount' | 'created_at'> & {
  status: TransactionTable['status'] | RefundTable['status']
}

const SORTS = { created_at: 'orders.created_at', amount: 'orders.amount', status: 'orders.status', id: 'orders.id' }

/**
 * The console's queries over orders (decision 0036): the list and one order's story, cancelling,
 * complimentary passes, an event's buyers, the viewer to grant to and the money taken for revenue.
 * Refunds: `RefundsRepository`; the console's action keys: `ConsoleActionsRepository`.
 */
export class SalesRepository {
  constructor(private readonly db: Kysely<Database>) {}

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
    const sort = SORTS[(q.sort ?? 'created_at') as keyof typeof SORTS] ?? SORTS.created_at
    const rows = (base: ReturnType<SalesRepository['filtered']>) =>
      base
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
    return countedPage(this.filtered(channelId, q, range), rows, {
      ...q,
      sort,
      tieBreak: 'orders.id',
    })
  }

  /** One order of the channel with its viewer, pass and event. */
  orderOf(channelId: number, orderId: number) {
    return this.orders(channelId)
      .selectAll('orders')
      .select(['users.email', 'passes.name as pass_name', 'passes.kind as pass_kind', 'events.name as event_name'])
      .where('orders.id', '=', orderId)
      .executeTakeFirst()
  }

  /** What the provider told us about an order, and the money it took (its refunds: `RefundsRepository`). */
  async story(orderId: number) {
    const [events, transactions] = await Promise.all([
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
    ])
    return { events, transactions }
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

  eventOf(channelId: number, eventId: number) {
    return findInChannel(this.db, 'events', channelId, { id: eventId }, ['id', 'name'])
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
    return this.money('transactions', 'paid', channelId, from, to)
  }

  /** Refunds made in `[from, to)`, each with its order's pass and event. */
  moneyOut(channelId: number, from: number, to: number) {
    return this.money('refunds', 'succeeded', channelId, from, to)
  }

  /** The channel's payments or refunds in `[from, to)` in that status, each with its order's pass and event. */
  private money<T extends 'transactions' | 'refunds'>(
    table: T,
    status: Database[T]['status'],
    channelId: number,
    from: number,
    to: number,
  ) {
    // Kysely does not narrow a generic table name: the query sees either table, as `money`, by the columns both have.
    return (this.db as unknown as Kysely<Database & { money: MoneyColumns }>)
      .selectFrom(`${table} as money` as 'money')
      .innerJoin('orders', 'orders.id', 'money.order_id')
      .innerJoin('passes', 'passes.id', 'orders.pass_id')
      .leftJoin('events', 'events.id', 'orders.event_id')
      .select([
        'money.order_id',
        'money.amount',
        'money.created_at',
        'orders.pass_id',
        'passes.name as pass_name',
        'orders.event_id',
        'events.name as event_name',
      ])
      .where('money.channel_id', '=', channelId)
      .where('money.status', '=', status)
      .where('money.created_at', '>=', from)
      .where('money.created_at', '<', to)
      .execute()
  }
}
