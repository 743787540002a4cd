import type { Insertable, Kysely, Updateable } from 'kysely'
import { containsText } from '../../db/dialect.js'
import type { BundleTable, Database } from '../../db/schema.js'

/**
 * The console's queries over bundles (decision 0040), every one scoped by channel: the list, the
 * passes a bundle may hold, what was sold of each, and the writes.
 */
export class BundlesAdminRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async bundles(
    channelId: number,
    q: {
      search?: string | undefined
      retired: '0' | '1' | 'all'
      sort: string
      direction: 'asc' | 'desc'
      offset: number
      limit: number
    },
  ) {
    let base = this.db.selectFrom('bundles').where('channel_id', '=', channelId)
    if (q.search) base = base.where(containsText('name', q.search))
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

  bundle(channelId: number, id: number) {
    return this.db
      .selectFrom('bundles')
      .selectAll()
      .where('channel_id', '=', channelId)
      .where('id', '=', id)
      .executeTakeFirst()
  }

  bundleByKey(channelId: number, key: string) {
    return this.db
      .selectFrom('bundles')
      .selectAll()
      .where('channel_id', '=', channelId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst()
  }

  /** The channel's passes among these ids: their kind and whether they are on sale. */
  passesOf(channelId: number, ids: number[]) {
    if (ids.length === 0) return Promise.resolve([])
    return this.db
      .selectFrom('passes')
      .select(['id', 'kind', 'retired_at'])
      .where('channel_id', '=', channelId)
      .where('id', 'in', ids)
      .execute()
  }

  /**
   * Checkouts of each bundle paid (or paid, then refunded): its lead orders only — the other passes
   * of one checkout carry the same key with `#n`.
   */
  async sales(bundleIds: number[]) {
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

  /** Any order at all names the bundle (even a failed one keeps its bundle row). */
  async hasOrders(bundleId: number) {
    const row = await this.db
      .selectFrom('orders')
      .select('id')
      .where('bundle_id', '=', bundleId)
      .limit(1)
      .executeTakeFirst()
    return row !== undefined
  }

  async insertBundle(values: Insertable<BundleTable>) {
    const row = await this.db.insertInto('bundles').values(values).returning('id').executeTakeFirstOrThrow()
    return row.id
  }

  async updateBundle(channelId: number, id: number, values: Updateable<BundleTable>) {
    await this.db.updateTable('bundles').set(values).where('channel_id', '=', channelId).where('id', '=', id).execute()
  }

  async deleteBundle(channelId: number, id: number) {
    await this.db.deleteFrom('bundles').where('channel_id', '=', channelId).where('id', '=', id).execute()
  }
}
