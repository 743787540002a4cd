import { describe, expect, it } from 'vitest'
import { testDatabases } from '../../test/context.js'
import { signedInKey } from '../../test/factories.js'
import {
  byKind,
  ctx,
  eventPass,
  paidEvent,
  passes,
  post,
  settled,
  usePaymentsContext,
  VISA,
} from './payments.test-support.js'

/** Saved cards, orders and transactions of each viewer, with the offline test gateway, on a real database. */
describe.each(testDatabases())('passes and payments on %s', (kind) => {
  usePaymentsContext(kind)

  it('saves a card and pays with it next time; nobody sees another viewer’s orders, cards or transactions', async () => {
    const key = await signedInKey(ctx)
    const first = await post('/api/stripe/buy', key, { id: byKind('addon').id, card: VISA, save_card: true })
    await settled(key, first.body.data.id)
    const cards = (await ctx.json(`/api/stripe/list-cards?api_key=${key}`)).body.data
    expect(cards).toMatchObject([{ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 }])
    const second = await post('/api/stripe/buy', key, { id: byKind('package').id, payment_method_id: cards[0].id })
    expect((await settled(key, second.body.data.id)).status).toBe('paid')

    const other = await signedInKey(ctx)
    expect((await ctx.json(`/api/orders/${first.body.data.id}?api_key=${other}`)).status).toBe(404)
    expect((await ctx.json(`/api/orders?no_limit=1&api_key=${other}`)).body.data).toEqual([])
    expect((await ctx.json(`/api/stripe/list-cards?api_key=${other}`)).body.data).toEqual([])
    expect((await ctx.json(`/api/transactions?api_key=${other}`)).body.data).toEqual([])
    const stolen = await post('/api/stripe/buy', other, { id: byKind('addon').id, payment_method_id: cards[0].id })
    expect(stolen.body.data).toMatchObject({
      status: 'failed',
      failure_message: 'Please select one of your saved cards or enter new one.',
    })

    // Once the other viewer has a card and a purchase of their own, each still sees only theirs.
    const mastercard = { ...VISA, number: '4242424242424242', exp_month: 3, exp_year: 2031 }
    const own = await post('/api/stripe/buy', other, { id: byKind('addon').id, card: mastercard, save_card: true })
    await settled(other, own.body.data.id)
    const otherCards = (await ctx.json(`/api/stripe/list-cards?api_key=${other}`)).body.data
    expect(otherCards).toMatchObject([{ last4: '4242', exp_month: 3, exp_year: 2031 }])
    expect(otherCards[0].id).not.toBe(cards[0].id)
    expect((await ctx.json(`/api/stripe/list-cards?api_key=${key}`)).body.data).toMatchObject([
      { id: cards[0].id, exp_month: 12 },
    ])
    const mine = (await ctx.json(`/api/transactions?api_key=${key}`)).body.data
    const theirs = (await ctx.json(`/api/transactions?api_key=${other}`)).body.data
    expect(mine.map((t: { order_id: number }) => t.order_id).sort()).toEqual(
      [first.body.data.id, second.body.data.id].sort(),
    )
    expect(theirs.map((t: { order_id: number }) => t.order_id)).toEqual([own.body.data.id])
  })

  it('hands out a SetupIntent secret and the customer portal (the profile, offline); previews an invoice', async () => {
    const anon = await ctx.apiKey()
    expect((await post('/api/stripe/setup-intent', anon, {})).body.message).toBe('user must be logged in')
    const key = await signedInKey(ctx)
    expect((await post('/api/stripe/setup-intent', key, {})).body.data.client_secret).toMatch(/^seti_test_.+_secret_/)
    const portal = await ctx.json(`/api/stripe/customer-portal?api_key=${key}`)
    expect(portal.body.data.url).toBe(`${ctx.baseUrl}/profile`)
    const monthly = passes.find((p) => p.kind === 'subscription' && p.trial_period > 0) as (typeof passes)[number]
    const preview = (
      await post('/api/stripe/invoice-preview', key, { subscription_id: monthly.id, coupon: 'fieldhouse20' })
    ).body.data
    expect(preview).toMatchObject({
      price: monthly.price,
      discount: Math.round(monthly.price * 20) / 100,
      tax: 0,
      coupon: 'FIELDHOUSE20',
    })
    expect(preview.total).toBeCloseTo(monthly.price - preview.discount, 2)
    expect(Date.parse(preview.trial_ends_at) - Date.now()).toBeGreaterThan((monthly.trial_period - 1) * 86_400_000)
    expect((await post('/api/stripe/invoice-preview', key, {})).body.message).toBe('id not selected')
    expect((await post('/api/stripe/invoice-preview', key, { subscription_id: 999999 })).body.message).toBe(
      'Pass not found',
    )
  })

  it('lists all orders by default and with no_limit=1, a page with limit and offset', async () => {
    const key = await signedInKey(ctx)
    const ids: number[] = []
    for (const p of [byKind('addon'), byKind('package'), eventPass(paidEvent.id)]) {
      const placed = await post('/api/stripe/buy', key, { id: p.id, card: VISA })
      ids.push((await settled(key, placed.body.data.id)).id)
    }
    const newestFirst = [...ids].reverse()
    const all = await ctx.json(`/api/orders?api_key=${key}`)
    expect(all.body.data.map((o: { id: number }) => o.id)).toEqual(newestFirst)
    expect(all.body.meta).toMatchObject({ total: 3, offset: 0, limit: null })
    const first = await ctx.json(`/api/orders?limit=2&api_key=${key}`)
    expect(first.body.data.map((o: { id: number }) => o.id)).toEqual(newestFirst.slice(0, 2))
    expect(first.body.meta).toMatchObject({ total: 3, offset: 0, limit: 2 })
    const second = await ctx.json(`/api/orders?limit=2&offset=2&api_key=${key}`)
    expect(second.body.data.map((o: { id: number }) => o.id)).toEqual(newestFirst.slice(2))
    const unlimited = await ctx.json(`/api/orders?no_limit=1&limit=1&api_key=${key}`)
    expect(unlimited.body.data).toHaveLength(3)
  })
})
