import { type Kysely, sql } from 'kysely'

/**
 * The few places SQLite and PostgreSQL differ, in one file (style §5).
 */
export type Dialect = 'sqlite' | 'postgres'

/** An auto-incrementing integer primary key. */
export const idColumn = (dialect: Dialect) => (dialect === 'postgres' ? 'serial' : 'integer')

/** Epoch milliseconds. */
export const timestampColumn = (dialect: Dialect) => (dialect === 'postgres' ? 'bigint' : 'integer')

/**
 * Runs `fn` in a transaction that takes the write lock up front on SQLite (`BEGIN IMMEDIATE`), so a
 * read-then-write cannot fail half way with SQLITE_BUSY; PostgreSQL's default isolation does the rest.
 */
export async function writeTransaction<DB, T>(db: Kysely<DB>, dialect: Dialect, fn: (trx: Kysely<DB>) => Promise<T>) {
  if (dialect === 'postgres') return db.transaction().execute(fn)
  return db.connection().execute(async (conn) => {
    await sql`BEGIN IMMEDIATE`.execute(conn)
    try {
      const result = await fn(conn)
      await sql`COMMIT`.execute(conn)
      return result
    } catch (error) {
      await sql`ROLLBACK`.execute(conn)
      throw error
    }
  })
}

/** `column` contains `text`, case-insensitively, with LIKE's wildcards in `text` taken literally. */
export const containsText = (column: string, text: string) =>
  sql<boolean>`lower(${sql.ref(column)}) like ${`%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`} escape '\\'`

/** The error a unique constraint raises, on either database (SQLite: "UNIQUE constraint failed"; PostgreSQL: "duplicate key"). */
export const isUniqueViolation = (error: unknown) =>
  /unique|duplicate key/i.test(error instanceof Error ? error.message : String(error))
