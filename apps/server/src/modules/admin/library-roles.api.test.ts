import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_CHANNEL_KEY } from '../../db/seed.js'
import { createTestContext, type TestContext, testDatabases } from '../../test/context.js'
import { buildOperator } from '../../test/operators.js'

/** Support reads the whole library as it reads its items (decision 0018), and writes none of it. */
describe.each(testDatabases())('support and the VOD library on %s', (kind) => {
  let ctx: TestContext
  let key: string
  const call = (path: string, method = 'GET', body?: unknown) =>
    ctx.json(path, { method, headers: { authorization: `Bearer ${key}` }, ...(body !== undefined ? { body } : {}) })

  beforeAll(async () => {
    ctx = await createTestContext(kind)
    key = (await buildOperator(ctx, DEMO_CHANNEL_KEY, 'support')).key
  })
  afterAll(() => ctx.close())

  it('lists and reads the VOD items, categories and rails the demo channel files its library under', async () => {
    const items = await call('/api/admin/vod-media-items')
    const categories = await call('/api/admin/vod-categories')
    const rails = await call('/api/admin/vod-rails')
    expect([items.status, categories.status, rails.status]).toEqual([200, 200, 200])
    expect(rails.body.meta.total).toBe(2)
    expect(categories.body.data.length).toBeGreaterThan(0)
    const rail = await call(`/api/admin/vod-rails/${rails.body.data[0].id}`)
    expect(rail.body.data.title).toBe(rails.body.data[0].title)
    const category = await call(`/api/admin/vod-categories/${categories.body.data[0].id}`)
    expect(category.body.data.name).toBe(categories.body.data[0].name)
  })

  it('changes none of them', async () => {
    const rails = (await call('/api/admin/vod-rails')).body.data as { id: number; title: string }[]
    expect((await call('/api/admin/vod-rails', 'POST', { title: 'Support picks' })).status).toBe(403)
    expect((await call(`/api/admin/vod-rails/${rails[0]?.id}`, 'PATCH', { title: 'Renamed' })).status).toBe(403)
    expect((await call('/api/admin/vod-categories', 'POST', { name: 'Support', alias: 'support' })).status).toBe(403)
    expect((await call(`/api/admin/vod-rails/${rails[0]?.id}`, 'DELETE')).status).toBe(403)
    expect((await call('/api/admin/vod-rails')).body.data).toEqual(rails)
  })
})
