import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_CHANNEL_KEY } from '../../db/seed.js'
import { createTestContext, type TestContext, testDatabases } from '../../test/context.js'
import { buildOperator } from '../../test/operators.js'

const seededUrls = ['/about', '/contacts', '/privacy_policy', '/terms_conditions', '/tickets-help']

/** The console's Pages on the demo channel: the seeded pages list, read and save; the site's routes stay its own. */
describe.each(testDatabases())('console pages on %s', (kind) => {
  let ctx: TestContext
  let key: string
  const call = (path: string, method = 'GET', body?: unknown) =>
    ctx.json(path, {
      method,
      headers: { authorization: `Bearer ${key}` },
      ...(body !== undefined ? { body } : {}),
    })
  const pageAt = async (url: string) =>
    (await call('/api/admin/pages?per_page=50')).body.data.find((p: { url: string }) => p.url === url) as {
      id: number
      name: string
    }

  beforeAll(async () => {
    ctx = await createTestContext(kind)
    key = (await buildOperator(ctx, DEMO_CHANNEL_KEY, 'manager')).key
  })
  afterAll(() => ctx.close())

  it('lists and reads the seeded pages, underscores and all', async () => {
    const list = await call('/api/admin/pages?per_page=50')
    expect(list.status).toBe(200)
    expect(list.body.data.map((p: { url: string }) => p.url).sort()).toEqual([...seededUrls].sort())
    const privacy = await pageAt('/privacy_policy')
    const read = await call(`/api/admin/pages/${privacy.id}`)
    expect(read.status).toBe(200)
    expect(read.body.data).toMatchObject({ url: '/privacy_policy', name: privacy.name })
  })

  it('saves a seeded page and answers what was saved', async () => {
    const terms = await pageAt('/terms_conditions')
    const renamed = await call(`/api/admin/pages/${terms.id}`, 'PATCH', { name: 'Terms of sale' })
    expect(renamed.status).toBe(200)
    expect(renamed.body.data).toMatchObject({ id: terms.id, url: '/terms_conditions', name: 'Terms of sale' })
    const moved = await call(`/api/admin/pages/${terms.id}`, 'PATCH', { url: 'terms_conditions' })
    expect(moved.body.data.url).toBe('/terms_conditions')
    // The viewer site shows it at the route the spec gives it.
    const viewer = await ctx.apiKey(DEMO_CHANNEL_KEY)
    const pages = (await ctx.json(`/api/pages?api_key=${viewer}`)).body.data as { url: string; name: string }[]
    expect(pages.find((p) => p.url === '/terms_conditions')?.name).toBe('Terms of sale')
  })

  it('creates a page at a free address, /-led, and refuses one already taken', async () => {
    const created = await call('/api/admin/pages', 'POST', { url: 'season/ticket_office', name: 'Ticket office' })
    expect(created.status).toBe(201)
    expect(created.body.data.url).toBe('/season/ticket_office')
    const again = await call('/api/admin/pages', 'POST', { url: '/season/ticket_office', name: 'Copy' })
    expect(again.status).toBe(422)
    expect(again.body.errors.url).toBeDefined()
  })

  it('refuses the site’s own routes with a message, on create and on update, and changes nothing', async () => {
    const before = (await call('/api/admin/pages?per_page=50')).body.meta.total
    for (const [url, segment] of [
      ['/admin', 'admin'],
      ['/watch/7', 'watch'],
      ['login', 'login'],
      ['/api/pages', 'api'],
      ['/faq', 'faq'],
    ]) {
      const res = await call('/api/admin/pages', 'POST', { url, name: 'Taken' })
      expect(res.status).toBe(422)
      expect(res.body.errors.url).toEqual([`/${segment} is a page of the site itself: choose another address`])
    }
    const about = await pageAt('/about')
    const update = await call(`/api/admin/pages/${about.id}`, 'PATCH', { url: '/profile' })
    expect(update.status).toBe(422)
    expect(update.body.errors.url).toEqual(['/profile is a page of the site itself: choose another address'])
    const badShape = await call('/api/admin/pages', 'POST', { url: '/Our Story', name: 'Story' })
    expect(badShape.body.errors.url).toEqual([
      'Use lower-case letters, digits, - and _, in parts separated by / (as /privacy_policy)',
    ])
    expect((await call('/api/admin/pages?per_page=50')).body.meta.total).toBe(before)
    expect((await call(`/api/admin/pages/${about.id}`)).body.data.url).toBe('/about')
  })
})
