import { describe, expect, it } from 'vitest'
import { hashToken } from '../../lib/secrets.js'
import { testDatabases } from '../../test/context.js'
import { signedInKey } from '../../test/factories.js'
import {
  byKind,
  ctx,
  DECLINED,
  paidEvent,
  passes,
  post,
  settled,
  usePaymentsContext,
  VISA,
} from './payments.test-support.js'

/** The passes on offer, their prices and coupons, with the offline test gateway on a real database. */
describe.each(testDatabases())('passes and payments on %s', (kind) => {
  usePaymentsContext(kind)

  it('lists passes of every kind; packages and subscriptions are apart; unknown ids are "Pass not found"', async () => {
    expect(new Set(passes.map((p) => p.kind))).toEqual(new Set(['subscription', 'package', 'event', 'addon']))
    const res = await ctx.json(`/api/subscriptions/${byKind('package').id}?channel_key=demo`)
    expect(res).toMatchObject({ status: 404, body: { message: 'Pass not found' } })
    expect((await ctx.json(`/api/packages/999999?channel_key=demo`)).body.message).toBe('Pass not found')
  })

  it('offers, for an event, exactly the passes that would open it', async () => {
    const offered = (await ctx.json(`/api/events/${paidEvent.id}/passes?api_key=${await ctx.apiKey()}`)).body.data
    const kinds = offered.map((p: { kind: string }) => p.kind)
    expect(offered.find((p: { kind: string }) => p.kind === 'event').event_id).toBe(paidEvent.id)
    expect(kinds.filter((k: string) => k === 'subscription')).toHaveLength(2)
    expect(kinds).not.toContain('addon')
    const otherGame = passes.find((p) => p.kind === 'event' && p.event_id !== paidEvent.id)
    expect(offered.map((p: { id: number }) => p.id)).not.toContain(otherGame?.id)
  })

  it('a coupon lowers the price; a wrong one is "Wrong promo code"', async () => {
    const key = await signedInKey(ctx)
    const pkg = byKind('package')
    const quote = (await ctx.json(`/api/apply_coupon?code=fieldhouse20&id=${pkg.id}&api_key=${key}`)).body.data
    expect(quote).toMatchObject({
      price: pkg.price,
      discount: Math.round(pkg.price * 20) / 100,
      coupon: 'FIELDHOUSE20',
    })
    expect(quote.total).toBeCloseTo(pkg.price * 0.8 + quote.service_fee, 2)
    const wrong = await ctx.json(`/api/apply_coupon?code=NOPE&id=${pkg.id}&api_key=${key}`)
    expect(wrong).toMatchObject({ status: 422, body: { message: 'Wrong promo code' } })
    const placed = await post('/api/stripe/buy', key, { id: pkg.id, card: VISA, coupon: 'FIELDHOUSE20' })
    expect((await settled(key, placed.body.data.id)).amount).toBeCloseTo(quote.total, 2)
  })

  it('answers one package and one subscription by id, and which gateway takes the money', async () => {
    const anon = await ctx.apiKey()
    const pkg = byKind('package')
    const sub = byKind('subscription')
    expect((await ctx.json(`/api/packages/${pkg.id}?api_key=${anon}`)).body.data).toMatchObject({
      id: pkg.id,
      kind: 'package',
      name: pkg.name,
      price: pkg.price,
    })
    expect((await ctx.json(`/api/subscriptions/${sub.id}?no_limit=1&api_key=${anon}`)).body.data).toMatchObject({
      id: sub.id,
      kind: 'subscription',
      name: sub.name,
    })
    expect((await ctx.json(`/api/packages/${sub.id}?api_key=${anon}`)).body.message).toBe('Pass not found')
    expect((await ctx.json(`/api/stripe/config?api_key=${anon}`)).body.data).toEqual({
      gateway: 'test',
      publishable_key: null,
    })
  })

  it('a subscription carries no service fee: what is quoted is what is charged', async () => {
    const key = await signedInKey(ctx)
    const session = await ctx.app.services.keys.sessionForKeyHash(hashToken(key))
    const now = Date.now()
    const { id } = await ctx.db.kysely
      .insertInto('passes')
      .values({
        channel_id: session.channel.id,
        kind: 'subscription',
        name: 'Weekend Pass',
        description: null,
        price: 1999,
        base_price: 1999,
        service_fee: 250,
        image: null,
        offer: 'monthly',
        period: 'monthly',
        trial_period: 0,
        pass_type: 'regular',
        is_team_pass: 0,
        event_categories: '[]',
        participants: '[]',
        event_id: null,
        capabilities: '["watch"]',
        weight: 0,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    expect((await ctx.json(`/api/subscriptions/${id}?api_key=${key}`)).body.data).toMatchObject({
      price: 19.99,
      service_fee: 0,
    })
    const preview = (await post('/api/stripe/invoice-preview', key, { subscription_id: id })).body.data
    expect(preview).toMatchObject({ price: 19.99, service_fee: 0, total: 19.99 })
    const withCode = (await ctx.json(`/api/apply_coupon?code=FIELDHOUSE20&id=${id}&api_key=${key}`)).body.data
    expect(withCode).toMatchObject({ discount: 4, service_fee: 0, total: 15.99 })

    const placed = await post('/api/stripe/buy', key, { id, card: VISA, coupon: 'FIELDHOUSE20' })
    expect(await settled(key, placed.body.data.id)).toMatchObject({ status: 'paid', amount: 15.99, service_fee: 0 })
    const [charge] = await ctx.db.kysely
      .selectFrom('test_gateway_payments')
      .select('amount')
      .where('order_id', '=', placed.body.data.id)
      .execute()
    expect(charge?.amount).toBe(Math.round(withCode.total * 100))

    // A package's fee is quoted and charged alike.
    const pkgQuote = (await ctx.json(`/api/apply_coupon?code=FIELDHOUSE20&id=${byKind('package').id}&api_key=${key}`))
      .body.data
    expect(pkgQuote.service_fee).toBeGreaterThan(0)
    const pkg = await post('/api/stripe/buy', key, { id: byKind('package').id, card: VISA, coupon: 'FIELDHOUSE20' })
    await settled(key, pkg.body.data.id)
    const [pkgCharge] = await ctx.db.kysely
      .selectFrom('test_gateway_payments')
      .select('amount')
      .where('order_id', '=', pkg.body.data.id)
      .execute()
    expect(pkgCharge?.amount).toBe(Math.round(pkgQuote.total * 100))
  })

  it('a failed payment gives its coupon redemption back; the cap holds under concurrency', async () => {
    const channelId = (await ctx.app.services.keys.sessionForKeyHash(hashToken(await signedInKey(ctx)))).channel.id
    const coupon = (code: string, max: number) =>
      ctx.db.kysely
        .insertInto('coupons')
        .values({
          channel_id: channelId,
          code,
          percent_off: 10,
          amount_off: null,
          applies_to: '[]',
          expires_at: null,
          max_redemptions: max,
          redemptions: 0,
        })
        .execute()
    const redemptions = async (code: string) =>
      (
        await ctx.db.kysely
          .selectFrom('coupons')
          .select('redemptions')
          .where('code', '=', code)
          .executeTakeFirstOrThrow()
      ).redemptions
    const addon = byKind('addon').id

    await coupon('ONCEONLY', 1)
    const declined = await post('/api/stripe/buy', await signedInKey(ctx), {
      id: addon,
      card: DECLINED,
      coupon: 'onceonly',
    })
    expect(declined.body.data.status).toBe('failed')
    expect(await redemptions('ONCEONLY')).toBe(0)
    const buyer = await signedInKey(ctx)
    const paid = await post('/api/stripe/buy', buyer, { id: addon, card: VISA, coupon: 'ONCEONLY' })
    expect(await settled(buyer, paid.body.data.id)).toMatchObject({ status: 'paid', coupon: 'ONCEONLY' })
    expect(await redemptions('ONCEONLY')).toBe(1)
    const late = await post('/api/stripe/buy', await signedInKey(ctx), { id: addon, card: VISA, coupon: 'ONCEONLY' })
    expect(late).toMatchObject({ status: 422, body: { message: 'Wrong promo code' } })

    await coupon('TWICE', 2)
    const viewers = await Promise.all(Array.from({ length: 6 }, () => signedInKey(ctx)))
    const answers = await Promise.all(
      viewers.map((k) => post('/api/stripe/buy', k, { id: addon, card: VISA, coupon: 'TWICE' })),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2)
    expect(answers.filter((a) => a.status === 422 && a.body.message === 'Wrong promo code')).toHaveLength(4)
    expect(await redemptions('TWICE')).toBe(2)
  })
})
