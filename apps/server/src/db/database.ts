import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely'
import pg from 'pg'
import type { Database } from './schema.js'

export type DialectName = 'sqlite' | 'postgres'

export interface Db {
  kysely: Kysely<Database>
  dialect: DialectName
  /** The PostgreSQL schema this handle is confined to, when one was given. */
  schema?: string | undefined
  /** Whether the database answers (the health check). */
  ping(): Promise<boolean>
  close(): Promise<void>
}

const pingOf = (kysely: Kysely<Database>) => () =>
  sql`select 1`.execute(kysely).then(
    () => true,
    () => false,
  )

// int8 (bigint) columns hold epoch milliseconds and counts: well inside Number's safe range.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10))

export interface DbOptions {
  /** postgres:// URL; unset means SQLite. */
  url?: string | undefined
  /** SQLite file, or ':memory:'. */
  sqliteFile?: string
  /** PostgreSQL schema to use (tests isolate each file in its own). */
  schema?: string
  poolSize?: number
}

export function openDatabase(options: DbOptions): Db {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    })
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
    return {
      kysely,
      dialect: 'postgres',
      schema: options.schema,
      ping: pingOf(kysely),
      close: () => kysely.destroy(),
    }
  }
  const file = options.sqliteFile ?? ':memory:'
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true })
  const sqlite = new SQLite(file)
  sqlite.pragma('journal_mode = WAL')
  // Orders must survive power loss (design §8).
  sqlite.pragma('synchronous = FULL')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('foreign_keys = ON')
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) })
  return { kysely, dialect: 'sqlite', ping: pingOf(kysely), close: () => kysely.destroy() }
}

/**
 * The SQLite handle Kysely uses, keeping each compiled statement for reuse: Kysely prepares every
 * query afresh, and compiling the SQL costs as much as running a small query. Bounded; a statement
 * still being iterated (a stream) is never handed out twice.
 */
export function withStatementCache(
  sqlite: SQLite.Database,
  maxStatements = 500,
): { close(): void; prepare(text: string): SQLite.Statement } {
  const statements = new Map<string, SQLite.Statement>()
  return {
    close: () => {
      statements.clear()
      sqlite.close()
    },
    prepare(text: string) {
      const cached = statements.get(text)
      if (cached && !cached.busy) return cached
      const statement = sqlite.prepare(text)
      if (!cached) {
        if (statements.size >= maxStatements) statements.delete(statements.keys().next().value as string)
        statements.set(text, statement)
      }
      return statement
    },
  }
}
