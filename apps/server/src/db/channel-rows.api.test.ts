import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase, testDatabases } from '../test/context.js'
import { anyInChannel, deleteInChannel, findInChannel, listInChannel, updateInChannel } from './channel-rows.js'
import type { Db } from './database.js'
import { migrateToLatest } from './migrate.js'

describe.each(testDatabases())('channel-scoped rows on %s', (kind) => {
  let db: Db
  let drop: () => Promise<void>
  let mine: number
  let other: number
  let empty: number

  const channel = async (key: string) => {
    const row = await db.kysely
      .insertInto('channels')
      .values({
        key,
        name: key,
        logo: null,
        language: 'en',
        currency: 'USD',
        google_tag: null,
        yare_analytics_key: null,
        settings: '{}',
        created_at: 1,
        updated_at: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }
  const faq = async (channelId: number, question: string, position: number) => {
    const row = await db.kysely
      .insertInto('faqs')
      .values({ channel_id: channelId, question, answer: `${question}?`, position })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }

  beforeAll(async () => {
    const opened = await openTestDatabase(kind, path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fh-rows-')), 'db'))
    db = opened.db
    drop = opened.dropSchema
    await migrateToLatest(db)
    mine = await channel('mine')
    other = await channel('other')
    empty = await channel('empty')
  })
  afterAll(async () => {
    await db.close()
    await drop()
  })

  it('finds a row of the channel by id or by a column, and not another channel’s', async () => {
    const b = await faq(mine, 'b', 2)
    const elsewhere = await faq(other, 'b', 1)
    expect(await findInChannel(db.kysely, 'faqs', mine, { id: b })).toMatchObject({
      id: b,
      question: 'b',
      answer: 'b?',
    })
    expect(await findInChannel(db.kysely, 'faqs', mine, { question: 'b' }, ['id', 'position'])).toEqual({
      id: b,
      position: 2,
    })
    expect(await findInChannel(db.kysely, 'faqs', mine, { id: elsewhere })).toBeUndefined()
    expect(await findInChannel(db.kysely, 'faqs', mine, { question: 'b', position: 1 })).toBeUndefined()
  })

  it('lists the channel’s rows in the order asked, only those that match', async () => {
    await faq(mine, 'a', 1)
    await faq(mine, 'c', 2)
    const rows = await listInChannel(db.kysely, 'faqs', mine, { select: ['question'], orderBy: ['position', 'id'] })
    expect(rows.map((r) => r.question)).toEqual(['a', 'b', 'c'])
    const second = await listInChannel(db.kysely, 'faqs', mine, {
      select: ['question'],
      match: { position: 2 },
      orderBy: ['question'],
    })
    expect(second).toEqual([{ question: 'b' }, { question: 'c' }])
  })

  it('says whether the channel has any row', async () => {
    expect(await anyInChannel(db.kysely, 'faqs', mine)).toBe(true)
    expect(await anyInChannel(db.kysely, 'faqs', empty)).toBe(false)
  })

  it('updates and deletes only the channel’s rows, and says whether there was one', async () => {
    const id = await faq(other, 'x', 5)
    expect(await updateInChannel(db.kysely, 'faqs', mine, { id }, { answer: 'changed' })).toBe(false)
    expect(await deleteInChannel(db.kysely, 'faqs', mine, { id })).toBe(false)
    expect(await findInChannel(db.kysely, 'faqs', other, { id }, ['answer'])).toEqual({ answer: 'x?' })
    expect(await updateInChannel(db.kysely, 'faqs', other, { id }, { answer: 'changed' })).toBe(true)
    expect(await findInChannel(db.kysely, 'faqs', other, { id }, ['answer'])).toEqual({ answer: 'changed' })
    expect(await deleteInChannel(db.kysely, 'faqs', other, { id })).toBe(true)
    expect(await findInChannel(db.kysely, 'faqs', other, { id })).toBeUndefined()
  })
})
