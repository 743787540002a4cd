import { type AdminCustomersQuery, CUSTOMER_ORDERS_SHOWN } from '@fieldhouse/contract'
import { type Kysely, sql } from 'kysely'
import { updateInChannel } from '../../db/channel-rows.js'
import { containsText } from '../../db/dialect.js'
import { openOrdersWithPass } from '../../db/open-orders.js'
import { countedPage } from '../../db/paged.js'
import type { Database } from '../../db/schema.js'

const SORTS = { created_at: 'users.created_at', email: 'users.email', id: 'users.id' } as const

/** The console's queries over a channel's viewers (decision 0038): who they are, what they hold and bought. */
export class CustomersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The channel's users, with their role when they are one of its operators. */
  private users(channelId: number) {
    return this.db
      .selectFrom('users')
      .leftJoin('channel_operators', (join) =>
        join.onRef('channel_operators.user_id', '=', 'users.id').on('channel_operators.channel_id', '=', channelId),
      )
      .where('users.channel_id', '=', channelId)
  }

  private readonly columns = [
    'users.id',
    'users.email',
    'users.first_name',
    'users.last_name',
    'users.email_verified_at',
    'users.created_at',
    'users.blocked_at',
    'channel_operators.role as operator_role',
  ] as const

  /** A page of the channel's users: search in the email and the names (first, last, or both). */
  async list(channelId: number, q: AdminCustomersQuery) {
    let base = this.users(channelId)
    if (q.search) {
      const text = q.search
      base = base.where((eb) =>
        eb.or([
          eb(containsText('users.email', text), '=', sql.lit(true)),
          eb(containsText('users.first_name', text), '=', sql.lit(true)),
          eb(containsText('users.last_name', text), '=', sql.lit(true)),
          eb(
            sql<boolean>`lower(users.first_name || ' ' || users.last_name) like ${`%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`} escape '\\'`,
            '=',
            sql.lit(true),
          ),
        ]),
      )
    }
    if (q.blocked === 'yes') base = base.where('users.blocked_at', 'is not', null)
    if (q.blocked === 'no') base = base.where('users.blocked_at', 'is', null)
    const sort = SORTS[(q.sort ?? 'created_at') as keyof typeof SORTS] ?? SORTS.created_at
    return countedPage(base, (rows) => rows.select([...this.columns]), { ...q, sort, tieBreak: 'users.id' })
  }

  /** One user of the channel (another channel's is not found). */
  find(channelId: number, userId: number) {
    return this.users(channelId)
      .select([...this.columns])
      .where('users.id', '=', userId)
      .executeTakeFirst()
  }

  /** The paid orders that still open content (the entitlements' rule), with their pass. */
  heldPasses(userId: number, now: number) {
    return openOrdersWithPass(this.db, userId, now)
      .select([
        'orders.id as order_id',
        'passes.id as pass_id',
        'passes.name as pass_name',
        'passes.kind as pass_kind',
        'orders.activity_status',
        'orders.period_end',
        'orders.auto_renew',
        'orders.complimentary',
      ])
      .orderBy('orders.id', 'desc')
      .execute()
  }

  /** The user's latest orders, newest first, and how many there are. */
  async orders(channelId: number, userId: number) {
    const base = this.db
      .selectFrom('orders')
      .innerJoin('passes', 'passes.id', 'orders.pass_id')
      .where('orders.channel_id', '=', channelId)
      .where('orders.user_id', '=', userId)
    const total = await base
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n))
    const rows = await base
      .select([
        'orders.id',
        'orders.created_at',
        'passes.name as pass_name',
        'orders.status',
        'orders.activity_status',
        'orders.amount',
        'orders.currency',
        'orders.complimentary',
      ])
      .orderBy('orders.id', 'desc')
      .limit(CUSTOMER_ORDERS_SHOWN)
      .execute()
    return { rows, total }
  }

  /** Sets or clears the account's block; false when the user is not the channel's. */
  setBlocked(channelId: number, userId: number, blockedAt: number | null, now: number) {
    return updateInChannel(this.db, 'users', channelId, { id: userId }, { blocked_at: blockedAt, updated_at: now })
  }
}
