import { bundleMessages, catalogueMessages } from '@fieldhouse/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext, testDatabases } from '../../test/context.js'
import { buildChannel, signedInKey } from '../../test/factories.js'
import { buildOperator, sampleInput } from '../../test/operators.js'
import { bundlePasses, createSale, sampleBundle, samplePass } from '../../test/sales.js'
import { until, VISA } from './payments.test-support.js'

/**
 * The console's bundles (decision 0040) on the offline test gateway: create, edit, the passes a bundle
 * may hold, idempotent creates and the audit log, what viewers see, retire vs delete.
 */
describe.each(testDatabases())('console bundles on %s', (kind) => {
  let ctx: TestContext
  let manager: string
  let owner: string
  let otherManager: string
  let eventId: number
  let otherEventId: number

  beforeAll(async () => {
    ctx = await createTestContext(kind)
    manager = (await buildOperator(ctx, 'demo', 'manager')).key
    owner = (await buildOperator(ctx, 'demo', 'owner')).key
    await buildChannel(ctx, `elsewhere-${kind}`)
    otherManager = (await buildOperator(ctx, `elsewhere-${kind}`, 'manager')).key
    const anon = await ctx.apiKey()
    const events = (await ctx.json(`/api/events?stream_status[]=vod&no_limit=1&api_key=${anon}`)).body.data
    eventId = events.find((e: { type: string }) => e.type === 'paid').id
    const elsewhere = await buildOperator(ctx, `elsewhere-${kind}`, 'owner')
    otherEventId = (await ctx.app.services.admin.service.create(elsewhere.operator, 'events', sampleInput('events')))
      .id as number
  })
  afterAll(() => ctx.close())

  const call = (method: string, path: string, body?: unknown, key = manager) =>
    ctx.json(path, {
      method,
      headers: { authorization: `Bearer ${key}` },
      ...(body === undefined ? {} : { body }),
    })
  const viewerBundles = async () =>
    (await ctx.json(`/api/bundles?api_key=${await ctx.apiKey()}`)).body.data as { id: number; price: number }[]

  it('creates a bundle of two passes that viewers see and buy at its price, in one charge', async () => {
    const passIds = await bundlePasses(ctx, manager, eventId)
    const made = await createSale(
      ctx,
      manager,
      'bundles',
      sampleBundle(passIds, { service_fee: 100, weight: 50, image: 'https://cdn.example.org/double.jpg' }),
    )
    expect(made).toMatchObject({
      price: 800,
      base_price: 1000,
      service_fee: 100,
      weight: 50,
      pass_ids: passIds,
      retired: false,
      on_sale: true,
      sold: 0,
      currency: 'USD',
    })
    const shown = (await viewerBundles()).find((b) => b.id === made.id)
    expect(shown).toMatchObject({
      price: 8,
      base_price: 10,
      service_fee: 1,
      package_ids: passIds,
      weight: 50,
      image: 'https://cdn.example.org/double.jpg',
    })
    // The heaviest first.
    expect((await viewerBundles())[0]?.id).toBe(made.id)

    const viewer = await signedInKey(ctx)
    const placed = await ctx.json('/api/stripe/buy_bundle', {
      method: 'POST',
      body: { api_key: viewer, bundle_id: made.id, card: VISA },
    })
    expect(placed.body.data.amount).toBe(9)
    await until(async () => {
      const o = (await ctx.json(`/api/orders/${placed.body.data.id}?api_key=${viewer}`)).body.data
      return o.status === 'paid' ? o : null
    }, 'the bundle to be paid')
    const orders = (await ctx.json(`/api/orders?no_limit=1&api_key=${viewer}`)).body.data
    expect(orders.map((o: { product: { id: number } }) => o.product.id).sort()).toEqual([...passIds].sort())
    expect((await call('GET', `/api/admin/bundles/${made.id}`)).body.data.sold).toBe(1)

    // A sold bundle is retired, never deleted: it leaves the shop, its buyers keep their passes.
    const refused = await call('DELETE', `/api/admin/bundles/${made.id}`)
    expect([refused.status, refused.body.message]).toEqual([409, bundleMessages.bundleSold])
    // Nor is a pass in it deleted from under it.
    const inBundle = await call('DELETE', `/api/admin/passes/${passIds[1]}`)
    expect(inBundle.status).toBe(409)
    const retired = await call('PATCH', `/api/admin/bundles/${made.id}`, { retired: true })
    expect(retired.body.data).toMatchObject({ retired: true, on_sale: false, sold: 1 })
    expect((await viewerBundles()).map((b) => b.id)).not.toContain(made.id)
    const another = await signedInKey(ctx)
    const late = await ctx.json('/api/stripe/buy_bundle', {
      method: 'POST',
      body: { api_key: another, bundle_id: made.id, card: VISA },
    })
    expect(late.status).toBe(404)
    expect((await ctx.json(`/api/orders?no_limit=1&api_key=${viewer}`)).body.data).toHaveLength(2)
    expect(
      (await call('GET', '/api/admin/bundles?retired=1&limit=100')).body.data.map((b: { id: number }) => b.id),
    ).toContain(made.id)
    expect((await call('PATCH', `/api/admin/bundles/${made.id}`, { retired: false })).body.data.on_sale).toBe(true)
  })

  it('edits a bundle; a retired pass in it takes it off sale until the pass is back', async () => {
    const passIds = await bundlePasses(ctx, manager, eventId)
    const third = (await bundlePasses(ctx, manager, eventId))[0] as number
    const made = await createSale(ctx, manager, 'bundles', sampleBundle(passIds))
    const edited = await call('PATCH', `/api/admin/bundles/${made.id}`, {
      name: 'Triple bill',
      price: 1200,
      base_price: 1500,
      pass_ids: [...passIds, third],
      weight: 7,
    })
    expect(edited.status).toBe(200)
    expect(edited.body.data).toMatchObject({ name: 'Triple bill', price: 1200, pass_ids: [...passIds, third] })
    expect((await viewerBundles()).find((b) => b.id === made.id)?.price).toBe(12)

    await call('PATCH', `/api/admin/passes/${third}`, { retired: true })
    expect((await call('GET', `/api/admin/bundles/${made.id}`)).body.data).toMatchObject({
      retired: false,
      on_sale: false,
    })
    expect((await viewerBundles()).map((b) => b.id)).not.toContain(made.id)
    const viewer = await signedInKey(ctx)
    const refused = await ctx.json('/api/stripe/buy_bundle', {
      method: 'POST',
      body: { api_key: viewer, bundle_id: made.id, card: VISA },
    })
    expect(refused.status).toBe(404)
    // Choosing a retired pass again is refused; the bundle can still be edited otherwise.
    const again = await call('PATCH', `/api/admin/bundles/${made.id}`, { pass_ids: [third, ...passIds] })
    expect(again.body.errors).toMatchObject({ pass_ids: [bundleMessages.retiredPass] })
    expect((await call('PATCH', `/api/admin/bundles/${made.id}`, { weight: 1 })).status).toBe(200)
    await call('PATCH', `/api/admin/passes/${third}`, { retired: false })
    expect((await viewerBundles()).map((b) => b.id)).toContain(made.id)

    // Never sold: deleted for good.
    expect((await call('DELETE', `/api/admin/bundles/${made.id}`)).status).toBe(204)
    expect((await call('GET', `/api/admin/bundles/${made.id}`)).status).toBe(404)
  })

  it('refuses a bad bundle field by field in words, and keeps nothing', async () => {
    const before = (await call('GET', '/api/admin/bundles?limit=100')).body.meta.total
    const passIds = await bundlePasses(ctx, manager, eventId)
    const bad = await call('POST', '/api/admin/bundles', { name: '', price: -1, pass_ids: [passIds[0]] })
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toMatchObject({
      name: ['Field is required'],
      price: ['The price cannot be negative'],
      pass_ids: [bundleMessages.twoPasses],
    })
    // The same pass twice is one pass.
    const twice = await call('POST', '/api/admin/bundles', sampleBundle([passIds[0], passIds[0]]))
    expect(twice.body.errors).toMatchObject({ pass_ids: [bundleMessages.twoPasses] })
    const missing = await call('POST', '/api/admin/bundles', { name: 'X', price: 100 })
    expect(missing.body.errors).toMatchObject({ pass_ids: [bundleMessages.twoPasses] })
    const sub = await createSale(ctx, manager, 'passes', samplePass())
    const withSub = await call('POST', '/api/admin/bundles', sampleBundle([passIds[0], sub.id]))
    expect([withSub.status, withSub.body.errors]).toEqual([422, { pass_ids: [bundleMessages.noSubscriptions] }])
    // Another channel's pass is not this channel's, either way round.
    const theirs = await bundlePasses(ctx, otherManager, otherEventId)
    const foreign = await call('POST', '/api/admin/bundles', sampleBundle([passIds[0], theirs[0]]))
    expect([foreign.status, foreign.body.errors]).toEqual([422, { pass_ids: [bundleMessages.unknownPass] }])
    const made = await createSale(ctx, manager, 'bundles', sampleBundle(passIds))
    const edit = await call('PATCH', `/api/admin/bundles/${made.id}`, { pass_ids: [passIds[0], theirs[1]] })
    expect(edit.body.errors).toMatchObject({ pass_ids: [bundleMessages.unknownPass] })
    expect((await call('PATCH', `/api/admin/bundles/${made.id}`, {})).status).toBe(422)
    // Another channel's manager neither sees nor reaches it.
    expect((await call('GET', `/api/admin/bundles/${made.id}`, undefined, otherManager)).status).toBe(404)
    expect((await call('PATCH', `/api/admin/bundles/${made.id}`, { price: 1 }, otherManager)).status).toBe(404)
    expect((await call('DELETE', `/api/admin/bundles/${made.id}`, undefined, otherManager)).status).toBe(404)
    expect((await call('GET', '/api/admin/bundles', undefined, otherManager)).body.data).toEqual([])
    expect((await call('GET', '/api/admin/bundles?limit=100')).body.meta.total).toBe(before + 1)
    expect((await call('GET', `/api/admin/bundles/${made.id}`)).body.data.price).toBe(800)
    // A pass that was never sold but is in a bundle is not deleted from under it.
    const del = await call('DELETE', `/api/admin/passes/${passIds[0]}`)
    expect([del.status, del.body.message]).toEqual([409, bundleMessages.passInBundle])
    expect(catalogueMessages.passSold).not.toBe(bundleMessages.passInBundle)
  })

  it('creates once per idempotency key, and records every write in the audit log', async () => {
    const passIds = await bundlePasses(ctx, manager, eventId)
    const body = sampleBundle(passIds, { idempotency_key: `console-${Math.random().toString(36).slice(2)}` })
    const [a, b] = await Promise.all([
      call('POST', '/api/admin/bundles', body),
      call('POST', '/api/admin/bundles', body),
    ])
    expect(a.body.data.id).toBe(b.body.data.id)
    const named = await ctx.db.kysely.selectFrom('bundles').select('id').where('name', '=', body.name).execute()
    expect(named).toHaveLength(1)
    const id = a.body.data.id
    await call('PATCH', `/api/admin/bundles/${id}`, { price: 700 })
    await call('PATCH', `/api/admin/bundles/${id}`, { retired: true })
    await call('DELETE', `/api/admin/bundles/${id}`)
    const log = await call('GET', `/api/admin/audit-log?resource=bundles&resource_id=${id}`, undefined, owner)
    // Newest first (SQLite may give a deleted bundle's id again: older entries may follow).
    expect(log.body.data.slice(0, 4).map((e: { action: string }) => e.action)).toEqual([
      'delete',
      'retire',
      'update',
      'create',
    ])
    expect(log.body.data[2]).toMatchObject({ before: { price: 800 }, after: { price: 700 } })
  })
})
