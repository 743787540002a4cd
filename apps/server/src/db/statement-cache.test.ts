import SQLite from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { withStatementCache } from './database.js'

describe('the SQLite statement cache', () => {
  const open = (max?: number) => {
    const sqlite = new SQLite(':memory:')
    sqlite.exec('create table t (id integer primary key, name text)')
    sqlite.exec("insert into t (name) values ('a'), ('b'), ('c')")
    return withStatementCache(sqlite, max)
  }

  it('compiles a query once and answers from the same statement with new parameters', () => {
    const db = open()
    const first = db.prepare('select name from t where id = ?')
    expect(first.get(1)).toEqual({ name: 'a' })
    const again = db.prepare('select name from t where id = ?')
    expect(again).toBe(first)
    expect(again.get(3)).toEqual({ name: 'c' })
  })

  it('hands a fresh statement while the cached one is still being iterated', () => {
    const db = open()
    const outer = db.prepare('select id from t order by id')
    const seen: number[] = []
    for (const row of outer.iterate() as IterableIterator<{ id: number }>) {
      const inner = db.prepare('select id from t order by id')
      expect(inner).not.toBe(outer)
      seen.push(row.id, (inner.all() as { id: number }[]).length)
    }
    expect(seen).toEqual([1, 3, 2, 3, 3, 3])
  })

  it('keeps at most the given number of statements, dropping the oldest', () => {
    const db = open(2)
    const a = db.prepare('select 1')
    db.prepare('select 2')
    db.prepare('select 3')
    expect(db.prepare('select 1')).not.toBe(a)
  })

  it('sees rows and columns added after a statement was compiled', () => {
    const db = open()
    expect(db.prepare('select * from t where id = 1').get()).toEqual({ id: 1, name: 'a' })
    db.prepare('alter table t add column team text').run()
    db.prepare("update t set team = 'x'").run()
    expect(db.prepare('select * from t where id = 1').get()).toEqual({ id: 1, name: 'a', team: 'x' })
  })
})
