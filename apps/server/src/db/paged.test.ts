import SQLite from 'better-sqlite3'
import { Kysely, SqliteDialect } from 'kysely'
import { describe, expect, it } from 'vitest'
import { countedPage } from './paged.js'

interface Db {
  items: { id: number; channel_id: number; name: string; weight: number }
}

describe('a counted page', () => {
  const open = () => {
    const sqlite = new SQLite(':memory:')
    sqlite.exec('create table items (id integer primary key, channel_id integer, name text, weight integer)')
    sqlite.exec(
      "insert into items (channel_id, name, weight) values (1, 'a', 2), (1, 'b', 1), (1, 'c', 2), (1, 'd', 3), (2, 'e', 1)",
    )
    const compiled: string[] = []
    const db = new Kysely<Db>({
      dialect: new SqliteDialect({ database: sqlite }),
      log: (e) => {
        if (e.level === 'query') compiled.push(e.query.sql)
      },
    })
    return { db, compiled }
  }

  it('counts every match and answers one page, sorted, ties broken by the second column', async () => {
    const { db, compiled } = open()
    const base = db.selectFrom('items').where('channel_id', '=', 1)
    const page = await countedPage(base, (q) => q.select(['id', 'name']), {
      sort: 'weight',
      direction: 'desc',
      tieBreak: 'id',
      tieDirection: 'asc',
      offset: 1,
      limit: 2,
    })
    expect(page).toEqual({
      total: 4,
      rows: [
        { id: 1, name: 'a' },
        { id: 3, name: 'c' },
      ],
    })
    expect(compiled).toEqual([
      'select count(*) as "n" from "items" where "channel_id" = ?',
      'select "id", "name" from "items" where "channel_id" = ? order by "weight" desc, "id" asc limit ? offset ?',
    ])
  })

  it('answers no rows and a total of 0 past the last match', async () => {
    const { db } = open()
    const base = db.selectFrom('items').where('channel_id', '=', 3)
    const order = { sort: 'name', direction: 'asc', tieBreak: 'id', tieDirection: 'asc', offset: 0, limit: 10 } as const
    expect(await countedPage(base, (q) => q.selectAll(), order)).toEqual({ rows: [], total: 0 })
  })

  it('breaks ties in the sort’s direction when no other is given', async () => {
    const { db, compiled } = open()
    const base = db.selectFrom('items').where('channel_id', '=', 1)
    const page = await countedPage(base, (q) => q.select('name'), {
      sort: 'weight',
      direction: 'desc',
      tieBreak: 'id',
      offset: 0,
      limit: 3,
    })
    expect(page.rows.map((r) => r.name)).toEqual(['d', 'c', 'a'])
    expect(compiled[1]).toContain('order by "weight" desc, "id" desc')
  })
})
