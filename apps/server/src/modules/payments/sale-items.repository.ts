import type { Generated, Insertable, Kysely, Selectable, Updateable } from 'kysely'
import { containsText } from '../../db/dialect.js'
import { countedPage } from '../../db/paged.js'
import type { Database } from '../../db/schema.js'

/** The tables of what the console sells: passes (decision 0035) and bundles (decision 0040). */
export type SaleTable = 'passes' | 'bundles'

/** The columns both tables have, which every query here reads. */
interface SaleColumns {
  id: Generated<number>
  channel_id: number
  name: string
  weight: number
  retired_at: number | null
  idempotency_key: string | null
}

/** A console list of either: search by name, retired or not, a sort column, a page. */
export interface SaleListQuery {
  search?: string | undefined
  retired: '0' | '1' | 'all'
  sort: string
  direction: 'asc' | 'desc'
  offset: number
  limit: number
}

/**
 * What the passes and bundles repositories share: a row by id or by the console action's key, the
 * console's page, and the writes, every one scoped by channel. Each table's own queries are in its
 * repository (`passes.repository.ts`, `bundles.repository.ts`), which extends this.
 */
export class SaleItemsRepository<T extends SaleTable> {
  /** Kysely does not narrow a generic table name: the shared queries see both tables as their shared columns. */
  private readonly shared: Kysely<Record<SaleTable, SaleColumns>>

  constructor(
    protected readonly db: Kysely<Database>,
    private readonly table: T,
  ) {
    this.shared = db as unknown as Kysely<Record<SaleTable, SaleColumns>>
  }

  private rows(channelId: number) {
    return this.shared.selectFrom(this.table as SaleTable).where('channel_id', '=', channelId)
  }

  /** The channel's row, on sale or retired. */
  byId(channelId: number, id: number) {
    return this.rows(channelId).selectAll().where('id', '=', id).executeTakeFirst() as Promise<
      Selectable<Database[T]> | undefined
    >
  }

  /** The row a console create with this key made, if any. */
  byKey(channelId: number, key: string) {
    return this.rows(channelId).selectAll().where('idempotency_key', '=', key).executeTakeFirst() as Promise<
      Selectable<Database[T]> | undefined
    >
  }

  /** A page of the console's list, and how many match in all; `equal` adds the table's own filters. */
  async page(channelId: number, q: SaleListQuery, equal: Record<string, string | number> = {}) {
    let base = this.rows(channelId)
    if (q.search) base = base.where(containsText('name', q.search))
    if (q.retired === '0') base = base.where('retired_at', 'is', null)
    if (q.retired === '1') base = base.where('retired_at', 'is not', null)
    for (const [column, value] of Object.entries(equal)) base = base.where(column as 'name', '=', value as string)
    const { rows, total } = await countedPage(base, (all) => all.selectAll(), {
      ...q,
      tieBreak: 'id',
      tieDirection: 'asc',
    })
    return { rows: rows as Selectable<Database[T]>[], total }
  }

  async insert(values: Insertable<Database[T]>) {
    const row = await this.db
      .insertInto(this.table as SaleTable)
      .values(values as never)
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }

  async update(channelId: number, id: number, values: Updateable<Database[T]>) {
    await this.shared
      .updateTable(this.table as SaleTable)
      .set(values as never)
      .where('channel_id', '=', channelId)
      .where('id', '=', id)
      .execute()
  }

  async delete(channelId: number, id: number) {
    await this.shared
      .deleteFrom(this.table as SaleTable)
      .where('channel_id', '=', channelId)
      .where('id', '=', id)
      .execute()
  }
}
