import type { Kysely } from 'kysely'
import { findInChannel } from '../../db/channel-rows.js'
import { openOrdersWithPass } from '../../db/open-orders.js'
import type { Database } from '../../db/schema.js'

/** What entitlements read: a viewer's paid, active passes, their own capabilities, a category's parent. */
export class AccessRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Paid orders that still open content: active and not past their period, with their pass's terms. */
  activePasses(userId: number, now: number) {
    return openOrdersWithPass(this.db, userId, now)
      .select([
        'orders.event_id',
        'passes.kind',
        'passes.event_categories',
        'passes.participants',
        'passes.event_id as pass_event_id',
        'passes.capabilities',
      ])
      .execute()
  }

  /** The capabilities an operator granted the user themself (JSON text). */
  async userCapabilities(channelId: number, userId: number) {
    const row = await findInChannel(this.db, 'users', channelId, { id: userId }, ['capabilities'])
    return row?.capabilities ?? null
  }

  async parentCategory(categoryId: number) {
    const row = await this.db
      .selectFrom('event_categories')
      .select('parent_id')
      .where('id', '=', categoryId)
      .executeTakeFirst()
    return row?.parent_id ?? null
  }
}
