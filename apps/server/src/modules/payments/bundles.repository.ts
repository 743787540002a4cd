import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.js'
import { parseJson } from '../../lib/json.js'
import { SaleItemsRepository } from './sale-items.repository.js'

/**
 * The only code that queries the bundles table: the bundles on sale and one for checkout, and the
 * console's list and writes (decision 0040). A retired bundle is off sale; its orders still name it.
 */
export class BundlesRepository extends SaleItemsRepository<'bundles'> {
  constructor(db: Kysely<Database>) {
    super(db, 'bundles')
  }

  private onSaleOf(channelId: number) {
    return this.db.selectFrom('bundles').selectAll().where('channel_id', '=', channelId).where('retired_at', 'is', null)
  }

  /** The channel's bundles on sale, heaviest first. */
  onSale(channelId: number) {
    return this.onSaleOf(channelId).orderBy('weight', 'desc').orderBy('id').execute()
  }

  /** A bundle on sale, for a checkout or its offer. */
  onSaleById(channelId: number, id: number) {
    return this.onSaleOf(channelId).where('id', '=', id).executeTakeFirst()
  }

  /** Whether one of the channel's bundles holds the pass (deleting it would leave a hole in the bundle). */
  async holdPass(channelId: number, passId: number) {
    const rows = await this.db.selectFrom('bundles').select('pass_ids').where('channel_id', '=', channelId).execute()
    return rows.some((r) => parseJson<number[]>(r.pass_ids, []).includes(passId))
  }
}
