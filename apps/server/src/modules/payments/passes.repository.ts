import type { Kysely } from 'kysely'
import type { Database, PassKind } from '../../db/schema.js'
import { SaleItemsRepository, type SaleListQuery } from './sale-items.repository.js'

/**
 * The only code that queries the passes table: what is on sale for the viewer, a pass by id for
 * checkout, renewals and the console, and the console's list and writes (decision 0035). A retired
 * pass is off sale; its orders still name it, so `byId` finds it.
 */
export class PassesRepository extends SaleItemsRepository<'passes'> {
  constructor(db: Kysely<Database>) {
    super(db, 'passes')
  }

  /** The channel's passes of these kinds on sale, heaviest first. */
  onSale(channelId: number, kinds: PassKind[]) {
    return this.db
      .selectFrom('passes')
      .selectAll()
      .where('channel_id', '=', channelId)
      .where('kind', 'in', kinds)
      .where('retired_at', 'is', null)
      .orderBy('weight', 'desc')
      .orderBy('id')
      .execute()
  }

  /** The console's list, by kind too. */
  list(channelId: number, q: SaleListQuery & { kind?: PassKind | undefined }) {
    return this.page(channelId, q, q.kind ? { kind: q.kind } : {})
  }

  /** The channel's passes among these ids: their kind and whether they are on sale. */
  kindsOf(channelId: number, ids: number[]) {
    if (ids.length === 0) return Promise.resolve([])
    return this.db
      .selectFrom('passes')
      .select(['id', 'kind', 'retired_at'])
      .where('channel_id', '=', channelId)
      .where('id', 'in', ids)
      .execute()
  }

  /** Which of these ids are passes of the channel (on sale or retired). */
  async idsOf(channelId: number, ids: number[]) {
    return (await this.kindsOf(channelId, ids)).map((p) => p.id)
  }

  /** Which of these ids are passes of the channel on sale. */
  async idsOnSale(channelId: number, ids: number[]) {
    return new Set((await this.kindsOf(channelId, ids)).filter((p) => p.retired_at === null).map((p) => p.id))
  }
}
