import SQLite from 'better-sqlite3'
import { Kysely, SqliteDialect } from 'kysely'
import { describe, expect, it } from 'vitest'
import { preparedQuery } from './prepared.js'

interface Db {
  keys: { id: number; hash: string; channel_id: number; revoked: number }
}

describe('a prepared query', () => {
  const open = () => {
    const sqlite = new SQLite(':memory:')
    sqlite.exec('create table keys (id integer primary key, hash text, channel_id integer, revoked integer)')
    sqlite.exec("insert into keys (hash, channel_id, revoked) values ('h1', 1, 0), ('h2', 1, 1), ('h1', 2, 0)")
    const compiled: string[] = []
    const db = new Kysely<Db>({
      dialect: new SqliteDialect({ database: sqlite }),
      log: (e) => {
        if (e.level === 'query') compiled.push(e.query.sql)
      },
    })
    return { db, compiled }
  }

  it('puts each run’s values where the placeholders were, and builds the query once', async () => {
    const { db } = open()
    let builds = 0
    const find = preparedQuery(
      () => db as unknown as Kysely<unknown>,
      ['__hash__', -1] as [string, number],
      (hash, channel) => {
        builds++
        return db
          .selectFrom('keys')
          .select('id')
          .where('hash', '=', hash)
          .where('channel_id', '=', channel)
          .where('revoked', '=', 0)
      },
    )
    expect(await find('h1', 1)).toEqual([{ id: 1 }])
    expect(await find('h1', 2)).toEqual([{ id: 3 }])
    expect(await find('h2', 1)).toEqual([])
    expect(await find('__hash__', -1)).toEqual([])
    expect(builds).toBe(1)
  })

  it('keeps the values the query fixed itself, and never puts a value into the SQL text', async () => {
    const { db, compiled } = open()
    const find = preparedQuery(
      () => db as unknown as Kysely<unknown>,
      ['__hash__'] as [string],
      (hash) => db.selectFrom('keys').select('id').where('hash', '=', hash).where('revoked', '=', 0),
    )
    expect(await find("h1' or '1'='1")).toEqual([])
    expect(await find('h2')).toEqual([])
    expect(await find('h1')).toEqual([{ id: 1 }, { id: 3 }])
    expect(compiled).toHaveLength(3)
    expect(compiled.every((sql) => !sql.includes('h1') && !sql.includes('__hash__'))).toBe(true)
  })

  it('refuses, at its first run, a placeholder the query does not bind exactly once', async () => {
    const { db } = open()
    const twice = preparedQuery(
      () => db as unknown as Kysely<unknown>,
      ['__hash__'] as [string],
      (hash) => db.selectFrom('keys').select('id').where('hash', '=', hash).where('hash', '!=', hash),
    )
    await expect(twice('h1')).rejects.toThrow('preparedQuery: placeholder __hash__')
    const never = preparedQuery(
      () => db as unknown as Kysely<unknown>,
      [-1] as [number],
      (_channel: number) => db.selectFrom('keys').select('id').where('channel_id', '=', 1),
    )
    await expect(never(1)).rejects.toThrow('preparedQuery: placeholder -1')
  })
})
