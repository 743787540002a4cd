import { type SelectQueryBuilder, sql } from 'kysely'

/** One page of a console list: the column it sorts by, then the column that breaks ties. */
export interface PageOrder {
  sort: string
  direction: 'asc' | 'desc'
  /** The tie-break (`id`, `orders.id`) and its direction (the sort's when not given). */
  tieBreak: string
  tieDirection?: 'asc' | 'desc'
  offset: number
  limit: number
}

/**
 * How many rows `base` matches in all, and one page of them: `rowsOf` picks the columns, the page
 * orders them by `sort`, then by the tie-break. The count and the page are two statements over the
 * same filters.
 */
export async function countedPage<DB, TB extends keyof DB, S, O>(
  base: SelectQueryBuilder<DB, TB, S>,
  rowsOf: (base: SelectQueryBuilder<DB, TB, S>) => SelectQueryBuilder<DB, TB, O>,
  page: PageOrder,
): Promise<{ rows: O[]; total: number }> {
  const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  const rows = await rowsOf(base)
    .orderBy(sql.ref(page.sort), page.direction)
    .orderBy(sql.ref(page.tieBreak), page.tieDirection ?? page.direction)
    .limit(page.limit)
    .offset(page.offset)
    .execute()
  // Kysely cannot name a generic query's selection: the count's one column is `n`.
  return { rows, total: Number((counted as unknown as { n: number }).n) }
}
