import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { testDatabases } from '../../../test/context.js'
import { signedInKey } from '../../../test/factories.js'
import { buildOperator } from '../../../test/operators.js'
import type { RefundRequest } from './gateway.js'
import {
  ctx,
  orderOf,
  passes,
  post,
  posts,
  row,
  send,
  standin,
  stripeGateway,
  useStripeApp,
} from './stripe.test-support.js'

const auth = (k: string) => ({ authorization: `Bearer ${k}` })

/** The console's refunds through Stripe (the loopback stand-in), with its webhooks before and after the answer. */
describe.each(testDatabases())('console refunds through Stripe on %s', (kind) => {
  useStripeApp(kind)

  const game = () => passes.find((p) => p.kind === 'event') as (typeof passes)[number]
  /** A viewer's paid single-event order, its payment settled by Stripe's webhook. */
  async function bought() {
    const key = await signedInKey(ctx)
    const placed = await post('/api/stripe/buy', key, {
      single_event_package_id: game().id,
      event_id: game().event_id,
      payment_method_id: 'pm_card_visa',
    })
    const intent = standin.objects.get((await row(placed.body.data.id)).provider_payment_id as string) ?? {}
    const paid = standin.signedEvent('payment_intent.succeeded', intent)
    expect((await send(paid.payload, paid.header)).body.outcome).toBe('applied')
    return { key, id: placed.body.data.id as number, intent }
  }
  const hasAccess = async (key: string) =>
    (await ctx.json(`/api/events/${game().event_id}?api_key=${key}`)).body.data.has_access as boolean
  const refund = async (orderId: number, body: object) => {
    const op = (await buildOperator(ctx, 'demo', 'manager')).key
    return ctx.json(`/api/admin/orders/${orderId}/refunds`, { method: 'POST', headers: auth(op), body })
  }
  const chargeRefunded = (intent: { latest_charge?: string }) => {
    const e = standin.signedEvent('charge.refunded', standin.objects.get(intent.latest_charge as string) ?? {})
    return send(e.payload, e.header)
  }

  it('refunds part, then the rest; the same key twice is one Stripe refund; the webhook after changes nothing', async () => {
    const a = await bought()
    const amount = a.intent.amount as number
    const part = await refund(a.id, { amount: 100, reason: 'Stream froze', idempotency_key: randomUUID() })
    expect(part.status).toBe(201)
    expect(await hasAccess(a.key)).toBe(true)
    expect((await chargeRefunded(a.intent)).status).toBe(200)
    expect(await orderOf(a.key, a.id)).toMatchObject({ status: 'paid', activity_status: 'active' })

    const k = randomUUID()
    const rest = await refund(a.id, { reason: 'Game cancelled', idempotency_key: k })
    expect(rest.status).toBe(201)
    expect(rest.body.data).toMatchObject({ amount: amount - 100, status: 'succeeded' })
    const again = await refund(a.id, { reason: 'Game cancelled', idempotency_key: k })
    expect(again.body.data.id).toBe(rest.body.data.id)
    // Stripe was asked with the console's key: one refund per key at Stripe, two in all.
    const refundPosts = posts('/v1/refunds').filter((r) => r.body.payment_intent === a.intent.id)
    expect(new Set(refundPosts.map((r) => r.idempotencyKey)).size).toBe(2)
    const charge = standin.objects.get(a.intent.latest_charge) ?? {}
    expect(charge).toMatchObject({ amount_refunded: amount, refunded: true })
    expect(await orderOf(a.key, a.id)).toMatchObject({ status: 'refunded', activity_status: 'inactive' })
    expect(await hasAccess(a.key)).toBe(false)
    // Stripe's webhook, after the console's answer: applied, nothing moves back.
    expect((await chargeRefunded(a.intent)).body.outcome).toBe('applied')
    expect(await orderOf(a.key, a.id)).toMatchObject({ status: 'refunded', activity_status: 'inactive' })
  })

  it('a webhook that arrives before the console’s answer: the order is refunded once, the answer the same', async () => {
    const a = await bought()
    const gateway = stripeGateway()
    const original = gateway.refund.bind(gateway)
    // Stripe's charge.refunded reaches us while the console's own request is still waiting for Stripe's answer.
    gateway.refund = async (req: RefundRequest) => {
      const made = await original(req)
      expect((await chargeRefunded(a.intent)).body.outcome).toBe('applied')
      return made
    }
    try {
      const res = await refund(a.id, { reason: 'Game cancelled', idempotency_key: randomUUID() })
      expect(res.status).toBe(201)
      expect(res.body.data.status).toBe('succeeded')
    } finally {
      gateway.refund = original
    }
    expect(await orderOf(a.key, a.id)).toMatchObject({ status: 'refunded', activity_status: 'inactive' })
    expect(await hasAccess(a.key)).toBe(false)
    const refunds = await ctx.db.kysely.selectFrom('refunds').selectAll().where('order_id', '=', a.id).execute()
    expect(refunds).toMatchObject([{ status: 'succeeded', amount: a.intent.amount }])
  })

  it('shows Stripe’s refusal and leaves the order as it was', async () => {
    const a = await bought()
    // Refunded in part at Stripe's dashboard: Stripe refuses the whole amount again.
    await fetch(`${standin.url}/v1/refunds`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer sk_test_fieldhouse_standin',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ payment_intent: a.intent.id, amount: '100' }),
    })
    const res = await refund(a.id, { reason: 'Duplicate purchase', idempotency_key: randomUUID() })
    expect(res.status).toBe(409)
    expect(res.body.message).toMatch(/greater than what is left on the charge/)
    expect(await orderOf(a.key, a.id)).toMatchObject({ status: 'paid', activity_status: 'active' })
    expect(await hasAccess(a.key)).toBe(true)
    const op = (await buildOperator(ctx, 'demo', 'support')).key
    const story = (await ctx.json(`/api/admin/orders/${a.id}`, { headers: auth(op) })).body.data
    expect(story).toMatchObject({ card: { brand: 'visa', last4: '4242' }, refunded: 0 })
    expect(story.refunds).toMatchObject([{ status: 'failed', failure_message: res.body.message }])
  })
})
