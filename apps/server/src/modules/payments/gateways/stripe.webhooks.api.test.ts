import Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { testDatabases } from '../../../test/context.js'
import { signedInKey } from '../../../test/factories.js'
import {
  addon,
  ctx,
  ledger,
  orderOf,
  passes,
  post,
  row,
  SECRET_KEY,
  send,
  standin,
  transactionsOf,
  useStripeApp,
} from './stripe.test-support.js'

/**
 * The product with a Stripe key, on each test database: webhooks into `/api/hooks/stripe`, their
 * signatures, the ledger and refunds.
 */
describe.each(testDatabases())('payments through Stripe on %s', (kind) => {
  useStripeApp(kind)

  it('refuses forged, tampered and stale webhook signatures, writing nothing', async () => {
    const intent = {
      id: 'pi_forged',
      object: 'payment_intent',
      amount: 499,
      amount_received: 499,
      metadata: { order_id: '1' },
    }
    const before = await ledger()
    expect((await standin.deliver('payment_intent.succeeded', intent, { secret: 'whsec_someone_else' })).status).toBe(
      400,
    )
    const genuine = standin.signedEvent('payment_intent.succeeded', intent)
    const tampered = genuine.payload.replace('"amount":499', '"amount":1')
    expect((await send(tampered, genuine.header)).status).toBe(400)
    const stale = { timestamp: Math.floor(Date.now() / 1000) - 600 }
    expect((await standin.deliver('payment_intent.succeeded', intent, stale)).status).toBe(400)
    expect((await ctx.json('/api/hooks/stripe', { method: 'POST', body: genuine.payload })).status).toBe(400)
    expect(await ledger()).toBe(before)
  })

  it('1,000 deliveries of one signed webhook: one paid order, one transaction, one ledger row', async () => {
    const key = await signedInKey(ctx)
    const placed = await post('/api/stripe/buy', key, { id: addon().id, payment_method_id: 'pm_card_visa' })
    expect(placed.body.data.status).toBe('created')
    const intent = standin.objects.get((await row(placed.body.data.id)).provider_payment_id as string) ?? {}
    const { payload, header } = standin.signedEvent('payment_intent.succeeded', intent)
    const outcomes: string[] = []
    for (let batch = 0; batch < 20; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          ctx.app.inject({
            method: 'POST',
            url: '/api/hooks/stripe',
            payload,
            headers: { 'content-type': 'application/json', 'stripe-signature': header },
          }),
        ),
      )
      for (const a of answers) {
        expect(a.statusCode).toBe(200)
        outcomes.push(a.json().outcome)
      }
    }
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1)
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(999)
    const orders = (await ctx.json(`/api/orders?api_key=${key}`)).body.data
    expect(orders).toMatchObject([{ id: placed.body.data.id, status: 'paid', activity_status: 'active' }])
    expect(await transactionsOf(placed.body.data.id)).toHaveLength(1)
    const ledger = await ctx.db.kysely
      .selectFrom('payment_events')
      .selectAll()
      .where('provider_event_id', '=', JSON.parse(payload).id)
      .execute()
    expect(ledger).toHaveLength(1)
  })

  it('a full refund (charge.refunded) makes the order Refunded and shuts the pass; a partial one changes nothing', async () => {
    const game = passes.find((p) => p.kind === 'event') as (typeof passes)[number]
    const sdk = new Stripe(SECRET_KEY, { host: '127.0.0.1', port: standin.port, protocol: 'http' })
    const bought = async () => {
      const key = await signedInKey(ctx)
      const placed = await post('/api/stripe/buy', key, {
        single_event_package_id: game.id,
        event_id: game.event_id,
        payment_method_id: 'pm_card_visa',
      })
      const intent = standin.objects.get((await row(placed.body.data.id)).provider_payment_id as string) ?? {}
      const paid = standin.signedEvent('payment_intent.succeeded', intent)
      expect((await send(paid.payload, paid.header)).body.outcome).toBe('applied')
      expect((await ctx.json(`/api/events/${game.event_id}?api_key=${key}`)).body.data.has_access).toBe(true)
      return { key, id: placed.body.data.id as number, intent }
    }
    const full = await bought()
    await sdk.refunds.create({ payment_intent: full.intent.id })
    const refunded = standin.signedEvent('charge.refunded', standin.objects.get(full.intent.latest_charge) ?? {})
    expect((await send(refunded.payload, refunded.header)).body.outcome).toBe('applied')
    expect((await send(refunded.payload, refunded.header)).body.outcome).toBe('duplicate')
    expect(await orderOf(full.key, full.id)).toMatchObject({ status: 'refunded', activity_status: 'inactive' })
    expect((await ctx.json(`/api/events/${game.event_id}?api_key=${full.key}`)).body.data.has_access).toBe(false)
    // The payment's success delivered again, late, cannot open it again.
    const late = standin.signedEvent('payment_intent.succeeded', full.intent)
    expect((await send(late.payload, late.header)).body.outcome).toBe('applied')
    expect(await orderOf(full.key, full.id)).toMatchObject({ status: 'refunded', activity_status: 'inactive' })
    expect((await ctx.json(`/api/events/${game.event_id}?api_key=${full.key}`)).body.data.has_access).toBe(false)

    const partial = await bought()
    await sdk.refunds.create({ payment_intent: partial.intent.id, amount: 100 })
    const some = standin.signedEvent('charge.refunded', standin.objects.get(partial.intent.latest_charge) ?? {})
    expect((await send(some.payload, some.header)).status).toBe(200)
    expect(await orderOf(partial.key, partial.id)).toMatchObject({ status: 'paid', activity_status: 'active' })
  })
})
