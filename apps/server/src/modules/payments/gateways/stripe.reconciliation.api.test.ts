import { describe, expect, it } from 'vitest'
import { hashToken } from '../../../lib/secrets.js'
import { testDatabases } from '../../../test/context.js'
import { signedInKey } from '../../../test/factories.js'
import { RECONCILE_MESSAGES } from '../renewals.service.js'
import type { StripeGateway } from './stripe.gateway.js'
import {
  addon,
  confirmInBrowser,
  ctx,
  intentsOf,
  orderOf,
  post,
  row,
  season,
  send,
  servicesWith,
  standin,
  stripeGateway,
  transactionsOf,
  useStripeApp,
} from './stripe.test-support.js'

/**
 * The product with a Stripe key, on each test database: reconciliation of orders a crash or an
 * unfinished 3-D Secure left behind.
 */
describe.each(testDatabases())('payments through Stripe on %s', (kind) => {
  useStripeApp(kind)

  it('a crash after Stripe charged: reconciliation finds the PaymentIntent by the order id, charges nothing more', async () => {
    const key = await signedInKey(ctx)
    const session = await ctx.app.services.keys.sessionForKeyHash(hashToken(key))
    const gateway = stripeGateway()
    // The first process: Stripe takes the money, then the process dies (no ids written, no webhook yet).
    const dying = Object.create(gateway) as StripeGateway
    dying.charge = async (req) => {
      await gateway.charge(req)
      throw new Error('process killed')
    }
    await expect(
      servicesWith(dying).checkout.buy(session, { id: addon().id, payment_method_id: 'pm_card_visa' }),
    ).rejects.toThrow('process killed')
    const [lost] = await ctx.db.kysely
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', session.userId as number)
      .execute()
    expect(lost).toMatchObject({ status: 'created', provider_payment_id: null })
    expect(intentsOf(lost?.id as number)).toMatchObject([{ status: 'succeeded' }])

    await servicesWith(gateway).renewals.reconcile({ staleAfterMs: 0 })
    expect(await orderOf(key, lost?.id as number)).toMatchObject({ status: 'paid', activity_status: 'active' })
    expect((await row(lost?.id as number)).provider_payment_id).toBe(intentsOf(lost?.id as number)[0]?.id)
    expect(intentsOf(lost?.id as number)).toHaveLength(1)
    expect(await transactionsOf(lost?.id as number)).toHaveLength(1)
    // Stripe's own webhook, arriving after all, changes nothing more.
    const paid = standin.signedEvent('payment_intent.succeeded', intentsOf(lost?.id as number)[0] ?? {})
    expect((await send(paid.payload, paid.header)).status).toBe(200)
    expect(await transactionsOf(lost?.id as number)).toHaveLength(1)
  })

  it('a crash after Stripe started a subscription: reconciliation finds it by the order id, one New subscription', async () => {
    const key = await signedInKey(ctx)
    const session = await ctx.app.services.keys.sessionForKeyHash(hashToken(key))
    const gateway = stripeGateway()
    const dying = Object.create(gateway) as StripeGateway
    dying.subscribe = async (req) => {
      await gateway.subscribe(req)
      throw new Error('process killed')
    }
    await expect(
      servicesWith(dying).checkout.buy(session, { id: season().id, payment_method_id: 'pm_card_visa' }),
    ).rejects.toThrow('process killed')
    const [lost] = await ctx.db.kysely
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', session.userId as number)
      .execute()
    expect(lost).toMatchObject({ status: 'created', provider_subscription_id: null })
    const subs = [...standin.objects.values()].filter(
      (o) => o.object === 'subscription' && o.metadata.order_id === String(lost?.id),
    )
    expect(subs).toHaveLength(1)

    await servicesWith(gateway).renewals.reconcile({ staleAfterMs: 0 })
    const order = await orderOf(key, lost?.id as number)
    expect(order).toMatchObject({ status: 'paid', activity_status: 'active', auto_renew: true })
    expect(Date.parse(order.expires_at)).toBe(subs[0]?.items.data[0].current_period_end * 1000)
    expect((await row(lost?.id as number)).provider_subscription_id).toBe(subs[0]?.id)
    expect(await transactionsOf(lost?.id as number)).toMatchObject([
      { type: 'New subscription', amount: Math.round(season().price * 100) },
    ])
    const invoice = standin.signedEvent('invoice.paid', standin.objects.get(subs[0]?.latest_invoice) ?? {})
    expect((await send(invoice.payload, invoice.header)).status).toBe(200)
    expect(await transactionsOf(lost?.id as number)).toHaveLength(1)
  })

  it('3-D Secure never finished: after the timeout the payment is cancelled and the order fails, saying why', async () => {
    const key = await signedInKey(ctx)
    const one = await post('/api/stripe/buy', key, {
      id: addon().id,
      payment_method_id: 'pm_card_authenticationRequired',
    })
    const sub = await post('/api/stripe/buy', key, {
      id: season().id,
      payment_method_id: 'pm_card_authenticationRequired',
    })
    const placedAt = (await row(sub.body.data.id)).created_at
    await servicesWith(stripeGateway(), () => placedAt + 10 * 60_000).renewals.reconcile()
    expect(await orderOf(key, one.body.data.id)).toMatchObject({
      status: 'created',
      next_action: one.body.data.next_action,
    })
    expect((await orderOf(key, sub.body.data.id)).status).toBe('created')

    await servicesWith(stripeGateway(), () => placedAt + 31 * 60_000).renewals.reconcile()
    for (const placed of [one, sub]) {
      expect(await orderOf(key, placed.body.data.id)).toMatchObject({
        status: 'failed',
        failure_message: RECONCILE_MESSAGES.authenticationTimedOut,
        next_action: null,
      })
    }
    const intent = standin.objects.get((await row(one.body.data.id)).provider_payment_id as string)
    expect(intent?.status).toBe('canceled')
    expect(standin.objects.get((await row(sub.body.data.id)).provider_subscription_id as string)?.status).toBe(
      'canceled',
    )
    // The viewer's bank page, answered too late, can no longer take money.
    expect((await confirmInBrowser(standin, one.body.data.next_action.client_secret)).status).toBe(400)
  })

  it('a crash before Stripe was asked: nothing to find, so after 15 minutes the order fails', async () => {
    const key = await signedInKey(ctx)
    const session = await ctx.app.services.keys.sessionForKeyHash(hashToken(key))
    const dying = Object.create(stripeGateway()) as StripeGateway
    dying.charge = async () => {
      throw new Error('process killed')
    }
    await expect(
      servicesWith(dying).checkout.buy(session, { id: addon().id, payment_method_id: 'pm_card_visa' }),
    ).rejects.toThrow('process killed')
    const [lost] = await ctx.db.kysely
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', session.userId as number)
      .execute()
    const placedAt = lost?.created_at as number
    await servicesWith(stripeGateway(), () => placedAt + 10 * 60_000).renewals.reconcile()
    expect((await orderOf(key, lost?.id as number)).status).toBe('created')
    await servicesWith(stripeGateway(), () => placedAt + 16 * 60_000).renewals.reconcile()
    expect(await orderOf(key, lost?.id as number)).toMatchObject({
      status: 'failed',
      failure_message: RECONCILE_MESSAGES.nothingCharged,
    })
    expect(intentsOf(lost?.id as number)).toEqual([])
  })
})
