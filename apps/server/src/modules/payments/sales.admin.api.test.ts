import { catalogueMessages } from '@fieldhouse/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext, testDatabases } from '../../test/context.js'
import { buildChannel, signedInKey } from '../../test/factories.js'
import { buildOperator } from '../../test/operators.js'
import { createSale, sampleCoupon, samplePass } from '../../test/sales.js'
import { until, VISA } from './payments.test-support.js'

/**
 * The console's passes and coupons (decision 0035) on the offline test gateway: every pass kind,
 * validation, idempotent creates, retire vs delete, the audit log, and checkout honouring each
 * coupon rule (dates, caps in all and per viewer, passes, retired, repeating renewals).
 */
describe.each(testDatabases())('console passes and coupons on %s', (kind) => {
  let ctx: TestContext
  let manager: string
  let otherManager: string
  let eventId: number
  let sportId: number
  let teamId: number

  beforeAll(async () => {
    ctx = await createTestContext(kind)
    manager = (await buildOperator(ctx, 'demo', 'manager')).key
    await buildChannel(ctx, `elsewhere-${kind}`)
    otherManager = (await buildOperator(ctx, `elsewhere-${kind}`, 'manager')).key
    const anon = await ctx.apiKey()
    const events = (await ctx.json(`/api/events?stream_status[]=vod&no_limit=1&api_key=${anon}`)).body.data
    const paid = events.find((e: { type: string }) => e.type === 'paid')
    eventId = paid.id
    sportId = (await ctx.json(`/api/events-categories?api_key=${anon}`)).body.data[0].id
    teamId = (await ctx.json(`/api/participants?no_limit=1&api_key=${anon}`)).body.data[0].id
  })
  afterAll(() => ctx.close())

  const as = (key: string) => ({ authorization: `Bearer ${key}` })
  const call = (method: string, path: string, body?: unknown, key = manager) =>
    ctx.json(path, { method, headers: as(key), ...(body === undefined ? {} : { body }) })
  const buy = (viewer: string, id: number, coupon?: string) =>
    ctx.json('/api/stripe/buy', {
      method: 'POST',
      body: { api_key: viewer, id, card: VISA, ...(coupon ? { coupon } : {}) },
    })
  const paid = async (viewer: string, orderId: number) =>
    until(async () => {
      const o = (await ctx.json(`/api/orders/${orderId}?api_key=${viewer}`)).body.data
      return o.status === 'paid' ? o : null
    }, 'the order to be paid')

  it('creates every kind of pass, with what each grants, and sells it to viewers', async () => {
    const made = {
      subscription: await createSale(ctx, manager, 'passes', samplePass({ period: 'annual', trial_period: 14 })),
      sports: await createSale(ctx, manager, 'passes', {
        kind: 'package',
        name: 'Soccer season',
        price: 4900,
        base_price: 5900,
        service_fee: 150,
        event_categories: [sportId],
        capabilities: ['watch', 'download', 'no_ads'],
        weight: 5,
        image: 'https://cdn.example.org/soccer.jpg',
      }),
      team: await createSale(ctx, manager, 'passes', {
        kind: 'package',
        name: 'Tigers pass',
        price: 2900,
        is_team_pass: true,
        participants: [teamId],
      }),
      event: await createSale(ctx, manager, 'passes', { kind: 'event', name: 'Final', price: 700, event_id: eventId }),
      addon: await createSale(ctx, manager, 'passes', {
        kind: 'addon',
        name: 'Clips add-on',
        price: 300,
        event_categories: [sportId],
        capabilities: ['clipping', 'download_clip'],
      }),
    }
    expect(made.sports).toMatchObject({ base_price: 5900, service_fee: 150, sold: 0, retired: false, weight: 5 })
    expect(made.subscription).toMatchObject({ period: 'annual', trial_period: 14, stripe_price_id: null })
    expect(made.addon.pass_type).toBe('addition')
    expect(made.team).toMatchObject({ is_team_pass: true, participants: [teamId] })
    // A pass without a base price is measured against its price.
    expect(made.event.base_price).toBe(700)

    const anon = await ctx.apiKey()
    const packages = (await ctx.json(`/api/packages?api_key=${anon}`)).body.data as { id: number; name: string }[]
    expect(packages.map((p) => p.id)).toEqual(expect.arrayContaining([made.sports.id, made.team.id, made.addon.id]))
    const sports = (await ctx.json(`/api/packages/${made.sports.id}?api_key=${anon}`)).body.data
    expect(sports).toMatchObject({
      price: 49,
      base_price: 59,
      service_fee: 1.5,
      capabilities: ['watch', 'download', 'no_ads'],
    })

    const list = await call('GET', '/api/admin/passes?kind=package&search=soccer')
    expect(list.body.data.map((p: { id: number }) => p.id)).toEqual([made.sports.id])
    // Another channel's manager does not see or reach it.
    expect((await call('GET', '/api/admin/passes?search=soccer', undefined, otherManager)).body.data).toEqual([])
    expect((await call('GET', `/api/admin/passes/${made.sports.id}`, undefined, otherManager)).status).toBe(404)
  })

  it('refuses an incomplete pass field by field and keeps nothing', async () => {
    const before = (await call('GET', '/api/admin/passes?limit=100')).body.meta.total
    const bad = await call('POST', '/api/admin/passes', {
      kind: 'subscription',
      name: '',
      price: -1,
      capabilities: [],
    })
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toMatchObject({
      name: ['Field is required'],
      price: ['The price cannot be negative'],
    })
    const incomplete = await call('POST', '/api/admin/passes', {
      kind: 'subscription',
      name: 'X',
      price: 100,
      capabilities: [],
    })
    expect(incomplete.body.errors).toMatchObject({
      period: [catalogueMessages.periodRequired],
      capabilities: [catalogueMessages.capabilitiesRequired],
    })
    expect((await call('POST', '/api/admin/passes', { kind: 'event', name: 'X', price: 1 })).body.errors).toMatchObject(
      {
        event_id: [catalogueMessages.eventRequired],
      },
    )
    expect(
      (await call('POST', '/api/admin/passes', { kind: 'package', name: 'X', price: 1, is_team_pass: true })).body
        .errors,
    ).toMatchObject({ participants: [catalogueMessages.teamsRequired] })
    // Another channel's event is not this channel's.
    const foreign = await call(
      'POST',
      '/api/admin/passes',
      { kind: 'event', name: 'X', price: 1, event_id: eventId },
      otherManager,
    )
    expect(foreign.body.errors).toMatchObject({ event_id: [catalogueMessages.unknownEvent] })
    // An edit that would leave the pass incomplete is refused the same way.
    const sub = await createSale(ctx, manager, 'passes', samplePass())
    expect((await call('PATCH', `/api/admin/passes/${sub.id}`, { period: null })).body.errors).toMatchObject({
      period: [catalogueMessages.periodRequired],
    })
    expect((await call('GET', '/api/admin/passes?limit=100')).body.meta.total).toBe(before + 1)
  })

  it('creates once per idempotency key, and records every write in the audit log', async () => {
    const key = `console-${Math.random().toString(36).slice(2)}`
    const body = samplePass({ idempotency_key: key })
    const [a, b] = await Promise.all([call('POST', '/api/admin/passes', body), call('POST', '/api/admin/passes', body)])
    expect(a.body.data.id).toBe(b.body.data.id)
    const named = await ctx.db.kysely.selectFrom('passes').select('id').where('name', '=', body.name).execute()
    expect(named).toHaveLength(1)
    const couponKey = `console-${Math.random().toString(36).slice(2)}`
    const coupon = sampleCoupon({ idempotency_key: couponKey })
    const c1 = await call('POST', '/api/admin/coupons', coupon)
    const c2 = await call('POST', '/api/admin/coupons', coupon)
    expect(c2.body.data.id).toBe(c1.body.data.id)

    await call('PATCH', `/api/admin/passes/${a.body.data.id}`, { price: 1500 })
    const owner = (await buildOperator(ctx, 'demo', 'owner')).key
    const log = await call(
      'GET',
      `/api/admin/audit-log?resource=passes&resource_id=${a.body.data.id}`,
      undefined,
      owner,
    )
    expect(log.body.data.map((e: { action: string }) => e.action)).toEqual(['update', 'create'])
    expect(log.body.data[0]).toMatchObject({ before: { price: 999 }, after: { price: 1500 } })
    const couponLog = await call(
      'GET',
      `/api/admin/audit-log?resource=coupons&resource_id=${c1.body.data.id}`,
      undefined,
      owner,
    )
    expect(couponLog.body.data.map((e: { action: string }) => e.action)).toEqual(['create'])
  })

  it('deletes a pass never sold; a sold pass is retired: off sale, its buyers keep it', async () => {
    const unsold = await createSale(ctx, manager, 'passes', samplePass())
    expect((await call('DELETE', `/api/admin/passes/${unsold.id}`)).status).toBe(204)
    expect((await call('GET', `/api/admin/passes/${unsold.id}`)).status).toBe(404)

    const pass = await createSale(ctx, manager, 'passes', {
      kind: 'event',
      name: 'Derby',
      price: 500,
      event_id: eventId,
    })
    const viewer = await signedInKey(ctx)
    const order = await paid(viewer, (await buy(viewer, pass.id)).body.data.id)
    expect((await call('GET', `/api/admin/passes/${pass.id}`)).body.data.sold).toBe(1)
    const refused = await call('DELETE', `/api/admin/passes/${pass.id}`)
    expect([refused.status, refused.body.message]).toEqual([409, catalogueMessages.passSold])

    const retired = await call('PATCH', `/api/admin/passes/${pass.id}`, { retired: true })
    expect(retired.body.data).toMatchObject({ retired: true, sold: 1 })
    const anon = await ctx.apiKey()
    expect((await ctx.json(`/api/packages/${pass.id}?api_key=${anon}`)).status).toBe(404)
    const another = await signedInKey(ctx)
    expect((await buy(another, pass.id)).status).toBe(404)
    // The buyer still holds what they bought.
    expect((await ctx.json(`/api/orders/${order.id}?api_key=${viewer}`)).body.data.activity_status).toBe('active')
    expect((await ctx.json(`/api/events/${eventId}?api_key=${viewer}`)).body.data.has_access).toBe(true)
    expect(
      (await call('GET', '/api/admin/passes?retired=1&limit=100')).body.data.map((p: { id: number }) => p.id),
    ).toContain(pass.id)
    // Back on sale.
    expect((await call('PATCH', `/api/admin/passes/${pass.id}`, { retired: false })).body.data.retired).toBe(false)
  })

  it('checkout honours a coupon: percent or amount, its passes, dates, caps in all and per viewer', async () => {
    const pass = await createSale(ctx, manager, 'passes', {
      kind: 'event',
      name: 'Cup',
      price: 1000,
      service_fee: 100,
      event_id: eventId,
    })
    const other = await createSale(ctx, manager, 'passes', {
      kind: 'event',
      name: 'Other',
      price: 1000,
      event_id: eventId,
    })
    const coupon = await createSale(ctx, manager, 'coupons', {
      code: `half${kind}`,
      percent_off: 50,
      applies_to: [pass.id],
      max_redemptions: 2,
      max_per_viewer: 1,
    })
    expect(coupon.code).toBe(`HALF${kind.toUpperCase()}`)
    const v1 = await signedInKey(ctx)
    const order = await paid(v1, (await buy(v1, pass.id, coupon.code.toLowerCase())).body.data.id)
    expect(order).toMatchObject({ amount: 6, discount: 5, service_fee: 1, coupon: coupon.code })
    expect((await call('GET', `/api/admin/coupons/${coupon.id}`)).body.data.redemptions).toBe(1)

    // Not for the other pass.
    const v2 = await signedInKey(ctx)
    expect((await buy(v2, other.id, coupon.code)).body.message).toBe('Wrong promo code')
    // One per viewer: the first viewer's second use (of another pass it names) is refused.
    await call('PATCH', `/api/admin/coupons/${coupon.id}`, { applies_to: [pass.id, other.id] })
    expect((await buy(v1, other.id, coupon.code)).body.message).toBe('Wrong promo code')
    // Two in all: the second viewer takes the last one, a third finds none left.
    await paid(v2, (await buy(v2, other.id, coupon.code)).body.data.id)
    const v3 = await signedInKey(ctx)
    expect((await buy(v3, pass.id, coupon.code)).body.message).toBe('Wrong promo code')
    const shown = (await call('GET', `/api/admin/coupons?search=${coupon.code}`)).body.data[0]
    expect(shown.redemptions).toBe(2)
    // A redeemed coupon is retired, not deleted.
    const del = await call('DELETE', `/api/admin/coupons/${coupon.id}`)
    expect([del.status, del.body.message]).toEqual([409, catalogueMessages.couponRedeemed])

    // An amount off; not valid yet; past its end; retired.
    const fixed = await createSale(ctx, manager, 'coupons', sampleCoupon({ percent_off: null, amount_off: 250 }))
    const v4 = await signedInKey(ctx)
    const quote = await ctx.json(`/api/apply_coupon?api_key=${v4}&id=${pass.id}&code=${fixed.code}`)
    expect(quote.body.data).toMatchObject({ discount: 2.5, total: 8.5 })
    const later = await createSale(ctx, manager, 'coupons', sampleCoupon({ valid_from: Date.now() + 86_400_000 }))
    expect((await buy(v4, pass.id, later.code)).body.message).toBe('Wrong promo code')
    const past = await createSale(ctx, manager, 'coupons', sampleCoupon({ valid_to: Date.now() - 1000 }))
    expect((await buy(v4, pass.id, past.code)).body.message).toBe('Wrong promo code')
    await call('PATCH', `/api/admin/coupons/${fixed.id}`, { retired: true })
    expect((await buy(v4, pass.id, fixed.code)).body.message).toBe('Wrong promo code')
    // An unused coupon may be deleted.
    expect((await call('DELETE', `/api/admin/coupons/${later.id}`)).status).toBe(204)
  })

  it('refuses a bad coupon field by field; codes are unique in a channel', async () => {
    const both = await call('POST', '/api/admin/coupons', { code: 'BOTHWAYS', percent_off: 10, amount_off: 100 })
    expect(both.body.errors).toMatchObject({ amount_off: [catalogueMessages.oneDiscount] })
    const months = await call('POST', '/api/admin/coupons', { code: 'MONTHS', percent_off: 10, duration: 'repeating' })
    expect(months.body.errors).toMatchObject({ duration_months: [catalogueMessages.monthsRequired] })
    const range = await call('POST', '/api/admin/coupons', {
      code: 'RANGE',
      percent_off: 10,
      valid_from: 2000,
      valid_to: 1000,
    })
    expect(range.body.errors).toMatchObject({ valid_to: [catalogueMessages.validRange] })
    const made = await createSale(ctx, manager, 'coupons', sampleCoupon())
    const again = await call('POST', '/api/admin/coupons', { code: made.code.toLowerCase(), percent_off: 5 })
    expect(again.body.errors).toMatchObject({ code: [catalogueMessages.codeTaken] })
    // The same code on another channel is that channel's own; its passes are not ours.
    expect((await call('POST', '/api/admin/coupons', { code: made.code, percent_off: 5 }, otherManager)).status).toBe(
      201,
    )
    const foreign = await call('POST', '/api/admin/coupons', sampleCoupon({ applies_to: [999_999] }), otherManager)
    expect(foreign.body.errors).toMatchObject({ applies_to: [catalogueMessages.unknownPass] })
  })

  it('a coupon for every renewal for N months discounts the renewals in those months, then stops', async () => {
    const pass = await createSale(ctx, manager, 'passes', samplePass({ price: 2000 }))
    const coupon = await createSale(
      ctx,
      manager,
      'coupons',
      sampleCoupon({ percent_off: 25, duration: 'repeating', duration_months: 2 }),
    )
    const viewer = await signedInKey(ctx)
    const placed = await ctx.json('/api/stripe/buy', {
      method: 'POST',
      body: { api_key: viewer, id: pass.id, card: VISA, coupon: coupon.code },
    })
    const order = await paid(viewer, placed.body.data.id)
    expect(order.amount).toBe(15)
    const renewalAmounts = async (count: number) =>
      until(async () => {
        const tx = (await ctx.json(`/api/transactions?api_key=${viewer}`)).body.data as {
          type: string
          amount: number
        }[]
        const r = tx.filter((t) => t.type === 'Subscription Renewal')
        return r.length >= count ? r.map((t) => t.amount) : null
      }, `${count} renewals`)
    const renewAt = async (periodEnd: number) => {
      await ctx.db.kysely.updateTable('orders').set({ period_end: periodEnd }).where('id', '=', order.id).execute()
      await ctx.app.services.payments.renewals.renewDue()
    }
    // A renewal a month in: still within the coupon's two months.
    const created = (
      await ctx.db.kysely.selectFrom('orders').select('created_at').where('id', '=', order.id).executeTakeFirstOrThrow()
    ).created_at
    await ctx.db.kysely
      .updateTable('orders')
      .set({ created_at: created - 40 * 86_400_000 })
      .where('id', '=', order.id)
      .execute()
    await renewAt(Date.now() - 1000)
    expect(await renewalAmounts(1)).toEqual([15])
    // Three months after the first payment: the full price.
    await ctx.db.kysely
      .updateTable('orders')
      .set({ created_at: created - 95 * 86_400_000 })
      .where('id', '=', order.id)
      .execute()
    await renewAt(Date.now() - 1000)
    expect((await renewalAmounts(2)).sort()).toEqual([15, 20])
  })
})
