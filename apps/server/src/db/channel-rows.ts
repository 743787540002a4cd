import type { Kysely, Selectable, Updateable } from 'kysely'
import type { Database } from './schema.js'

/** The tables whose every row belongs to one channel (they have a `channel_id`). */
export type ChannelTable = {
  [T in keyof Database]: Database[T] extends { channel_id: number } ? T : never
}[keyof Database]

export type ChannelRow<T extends ChannelTable> = Selectable<Database[T]>
export type ChannelColumn<T extends ChannelTable> = keyof ChannelRow<T> & string

/** Columns a row must equal (`{ id }`, `{ alias, enabled: 1 }`), all of them. */
export type Match<T extends ChannelTable> = { [C in ChannelColumn<T>]?: ChannelRow<T>[C] }

/**
 * Kysely does not narrow a generic table name, so the queries here are built untyped; each function's
 * signature gives the table's own row type back. Every statement is scoped by channel.
 */
type Loose = Kysely<Record<string, Record<string, any>>>

/** The channel's rows of `table` that equal `match`, with the conditions in the order given. */
function matching<T extends ChannelTable>(db: Kysely<Database>, table: T, channelId: number, match: Match<T>) {
  let q = (db as unknown as Loose).selectFrom(table as string).where('channel_id', '=', channelId)
  for (const [column, value] of Object.entries(match)) q = q.where(column, '=', value)
  return q
}

/** The channel's row of `table` that equals `match` (by id, or by a column unique in the channel). */
export function findInChannel<T extends ChannelTable>(
  db: Kysely<Database>,
  table: T,
  channelId: number,
  match: Match<T>,
): Promise<ChannelRow<T> | undefined>
/** The same, only `columns` of it. */
export function findInChannel<T extends ChannelTable, C extends ChannelColumn<T>>(
  db: Kysely<Database>,
  table: T,
  channelId: number,
  match: Match<T>,
  columns: readonly C[],
): Promise<Pick<ChannelRow<T>, C> | undefined>
export function findInChannel<T extends ChannelTable>(
  db: Kysely<Database>,
  table: T,
  channelId: number,
  match: Match<T>,
  columns?: readonly string[],
) {
  const q = matching(db, table, channelId, match)
  return (columns ? q.select(columns) : q.selectAll()).executeTakeFirst()
}

/** The channel's rows of `table` (those that equal `match`), `columns` of each, in the order of `orderBy`. */
export function listInChannel<T extends ChannelTable, C extends ChannelColumn<T>>(
  db: Kysely<Database>,
  table: T,
  channelId: number,
  o: { select: readonly C[]; orderBy: readonly ChannelColumn<T>[]; match?: Match<T> },
): Promise<Pick<ChannelRow<T>, C>[]> {
  let q = matching(db, table, channelId, o.match ?? {}).select(o.select)
  for (const column of o.orderBy) q = q.orderBy(column)
  return q.execute() as Promise<Pick<ChannelRow<T>, C>[]>
}

/** Whether the channel has any row of `table`. */
export async function anyInChannel(db: Kysely<Database>, table: ChannelTable, channelId: number) {
  const row = await matching(db, table, channelId, {}).select('id').limit(1).executeTakeFirst()
  return row !== undefined
}

/** Changes the channel's rows of `table` that equal `match`; whether there was one. */
export async function updateInChannel<T extends ChannelTable>(
  db: Kysely<Database>,
  table: T,
  channelId: number,
  match: Match<T>,
  values: Updateable<Database[T]>,
) {
  let q = (db as unknown as Loose)
    .updateTable(table as string)
    .set(values as Record<string, any>)
    .where('channel_id', '=', channelId)
  for (const [column, value] of Object.entries(match)) q = q.where(column, '=', value)
  const result = await q.executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** Deletes the channel's rows of `table` that equal `match`; whether there was one. */
export async function deleteInChannel<T extends ChannelTable>(
  db: Kysely<Database>,
  table: T,
  channelId: number,
  match: Match<T>,
) {
  let q = (db as unknown as Loose).deleteFrom(table as string).where('channel_id', '=', channelId)
  for (const [column, value] of Object.entries(match)) q = q.where(column, '=', value)
  const result = await q.executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}
