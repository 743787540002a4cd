import { messages } from '@fieldhouse/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashToken } from '../../lib/secrets.js'
import { createTestContext, type TestContext, testDatabases } from '../../test/context.js'
import { signedInKey } from '../../test/factories.js'
import { type StripeStandin, startStripeStandin } from '../../test/stripe-standin.js'

const VISA = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' }
const SECRET_KEY = 'sk_test_fieldhouse_guard'
const WEBHOOK_SECRET = 'whsec_fieldhouse_guard'
const PUBLISHABLE_KEY = 'pk_test_fieldhouse_guard'
const CONCURRENT = 50

async function until<T>(fn: () => Promise<T | null | undefined | false>, what: string): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const v = await fn()
    if (v) return v
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`timed out waiting for ${what}`)
}

const ordersOf = (ctx: TestContext, userId: number) =>
  ctx.db.kysely.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id').execute()
const userOf = async (ctx: TestContext, key: string) =>
  (await ctx.app.services.keys.sessionForKeyHash(hashToken(key))).userId as number
const post = (ctx: TestContext, path: string, key: string, body: object) =>
  ctx.json(path, { method: 'POST', body: { api_key: key, ...body } })
/**
 * Each concurrent checkout answers the one order (it joined the open checkout) or, when it arrived
 * after that order was already paid, the spec's "already bought" refusal: which of the two depends on
 * how fast the first charge settles, never on the number of charges.
 */
const expectJoinedOrRefused = (answers: { status: number; body: any }[], orderId: number) => {
  for (const a of answers) {
    if (a.status === 409) expect(a.body.message).toBe('You already bought this package.')
    else expect({ status: a.status, id: a.body.data?.id }).toEqual({ status: 200, id: orderId })
  }
  expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(0)
}
const addonOf = async (ctx: TestContext) => {
  const packages = (await ctx.json(`/api/packages?api_key=${await ctx.apiKey()}`)).body.data
  return packages.find((p: { kind: string }) => p.kind === 'addon') as { id: number; price: number }
}

/**
 * One charge per pass (issue 12): a viewer has at most one open checkout of a pass, held by the
 * database's partial unique index (migration 0007), whatever idempotency keys the checkouts carry.
 */
describe.each(testDatabases())('one open checkout per pass with the test gateway, on %s', (kind) => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext(kind)
  })
  afterAll(() => ctx?.close())

  it(`${CONCURRENT} concurrent checkouts of one pass with ${CONCURRENT} keys: one order, one charge`, async () => {
    const key = await signedInKey(ctx)
    const userId = await userOf(ctx, key)
    const addon = await addonOf(ctx)
    const answers = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) =>
        post(ctx, '/api/stripe/buy', key, { id: addon.id, card: VISA, idempotency_key: `buy-page-${i}` }),
      ),
    )
    const orders = await ordersOf(ctx, userId)
    expect(orders).toHaveLength(1)
    expectJoinedOrRefused(answers, orders[0]?.id as number)
    const charges = await ctx.db.kysely
      .selectFrom('test_gateway_payments')
      .selectAll()
      .where('order_id', '=', orders[0]?.id as number)
      .execute()
    expect(charges).toMatchObject([{ status: 'succeeded', amount: 499 }])
    const paid = await until(async () => {
      const o = (await ctx.json(`/api/orders/${orders[0]?.id}?api_key=${key}`)).body.data
      return o.status === 'paid' ? o : null
    }, 'the order to be paid')
    expect(paid).toMatchObject({ activity_status: 'active', amount: 4.99 })
    expect((await ctx.json(`/api/transactions?api_key=${key}`)).body.data).toHaveLength(1)
    // Once paid, a further checkout is refused as before.
    const again = await post(ctx, '/api/stripe/buy', key, { id: addon.id, card: VISA, idempotency_key: 'buy-page-x' })
    expect(again).toMatchObject({ status: 409, body: { message: 'You already bought this package.' } })
  })

  it('another card right after a checkout that already took the money: the pass is bought, no second charge', async () => {
    const key = await signedInKey(ctx)
    const userId = await userOf(ctx, key)
    const addon = await addonOf(ctx)
    const first = await post(ctx, '/api/stripe/buy', key, { id: addon.id, card: VISA, idempotency_key: 'card-one-1' })
    expect(first.body.data.status).toBe('created')
    const other = { ...VISA, exp_year: 2035 }
    const second = await post(ctx, '/api/stripe/buy', key, { id: addon.id, card: other, idempotency_key: 'card-two-2' })
    expect(second).toMatchObject({ status: 409, body: { message: 'You already bought this package.' } })
    expect(await ordersOf(ctx, userId)).toMatchObject([{ id: first.body.data.id, status: 'paid' }])
    const charges = await ctx.db.kysely
      .selectFrom('test_gateway_payments')
      .selectAll()
      .where('order_id', '=', first.body.data.id)
      .execute()
    expect(charges).toHaveLength(1)
  })

  it('the database refuses a second open order of one viewer for one pass, whatever its key', async () => {
    const key = await signedInKey(ctx)
    const userId = await userOf(ctx, key)
    const addon = await addonOf(ctx)
    const placed = await post(ctx, '/api/stripe/buy', key, { id: addon.id, card: VISA, idempotency_key: 'db-check-1' })
    const [row] = await ordersOf(ctx, userId)
    if (!row) throw new Error(`no order: ${JSON.stringify(placed.body)}`)
    // Put back to waiting, as a checkout whose provider has not answered yet.
    await ctx.db.kysely.updateTable('orders').set({ status: 'created' }).where('id', '=', row.id).execute()
    const { id: _id, ...copy } = row
    await expect(
      ctx.db.kysely
        .insertInto('orders')
        .values({ ...copy, status: 'created', provider_payment_id: null, idempotency_key: 'db-check-2' })
        .execute(),
    ).rejects.toThrow(/orders_one_open_checkout|UNIQUE constraint failed: orders\.user_id, orders\.pass_id/)
    // Not open any more (failed, paid): the pass may be checked out again.
    await ctx.db.kysely.updateTable('orders').set({ status: 'failed' }).where('id', '=', row.id).execute()
    await ctx.db.kysely
      .insertInto('orders')
      .values({ ...copy, status: 'created', provider_payment_id: null, idempotency_key: 'db-check-3' })
      .execute()
    expect(placed.status).toBe(200)
  })
})

/**
 * The same rules with Stripe taking the money (the official SDK against the loopback stand-in):
 * one PaymentIntent for concurrent checkouts, none more while 3-D Secure waits, and provider events
 * applied only when their payment is the order's.
 */
describe.each(testDatabases())(
  'one open checkout per pass and events that must be the order’s, Stripe, on %s',
  (kind) => {
    let ctx: TestContext
    let standin: StripeStandin
    beforeAll(async () => {
      standin = await startStripeStandin({
        secretKey: SECRET_KEY,
        webhookSecret: WEBHOOK_SECRET,
        publishableKey: PUBLISHABLE_KEY,
      })
      ctx = await createTestContext(kind, {
        env: {
          STRIPE_SECRET_KEY: SECRET_KEY,
          STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
          STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
          STRIPE_API_BASE: standin.url,
        },
      })
      standin.webhookUrl = `${ctx.baseUrl}/api/hooks/stripe`
    })
    afterAll(async () => {
      await ctx?.close()
      await standin?.close()
    })

    const intentsOf = (orderIds: number[]) =>
      [...standin.objects.values()].filter(
        (o) => o.object === 'payment_intent' && orderIds.map(String).includes(o.metadata?.order_id),
      )
    const orderOf = async (key: string, id: number) => (await ctx.json(`/api/orders/${id}?api_key=${key}`)).body.data

    it(`${CONCURRENT} concurrent checkouts of one pass with ${CONCURRENT} keys: one PaymentIntent`, async () => {
      const key = await signedInKey(ctx)
      const userId = await userOf(ctx, key)
      const addon = await addonOf(ctx)
      const answers = await Promise.all(
        Array.from({ length: CONCURRENT }, (_, i) =>
          post(ctx, '/api/stripe/buy', key, {
            id: addon.id,
            payment_method_id: 'pm_card_visa',
            idempotency_key: `stripe-buy-page-${i}`,
          }),
        ),
      )
      const orders = await ordersOf(ctx, userId)
      expect(orders).toHaveLength(1)
      expectJoinedOrRefused(answers, orders[0]?.id as number)
      expect(intentsOf(orders.map((o) => o.id))).toMatchObject([{ status: 'succeeded', amount: 499 }])
    })

    it('a second checkout while the first waits for 3-D Secure charges nothing; another card replaces it', async () => {
      const key = await signedInKey(ctx)
      const userId = await userOf(ctx, key)
      const addon = await addonOf(ctx)
      const first = await post(ctx, '/api/stripe/buy', key, {
        id: addon.id,
        payment_method_id: 'pm_card_authenticationRequired',
        idempotency_key: '3ds-first',
      })
      expect(first.body.data.next_action).toEqual({ type: 'stripe_3ds', client_secret: expect.any(String) })
      // The buy page opened again (a new key), the same card: the same order and the same 3-D Secure step.
      const second = await post(ctx, '/api/stripe/buy', key, {
        id: addon.id,
        payment_method_id: 'pm_card_authenticationRequired',
        idempotency_key: '3ds-second',
      })
      expect(second.body.data).toMatchObject({ id: first.body.data.id, next_action: first.body.data.next_action })
      expect(await ordersOf(ctx, userId)).toHaveLength(1)
      expect(intentsOf([first.body.data.id])).toHaveLength(1)

      // Another card: the waiting payment is cancelled at Stripe first, then the new card pays.
      const third = await post(ctx, '/api/stripe/buy', key, {
        id: addon.id,
        payment_method_id: 'pm_card_visa',
        idempotency_key: '3ds-third',
      })
      expect(third.status).toBe(200)
      expect(third.body.data.id).not.toBe(first.body.data.id)
      expect(await orderOf(key, first.body.data.id)).toMatchObject({
        status: 'failed',
        failure_message: messages.checkoutReplaced,
      })
      const intents = intentsOf([first.body.data.id, third.body.data.id])
      expect(intents.map((i) => i.status).sort()).toEqual(['canceled', 'succeeded'])
      // The cancelled payment's secret no longer takes money.
      const confirm = await fetch(
        `${standin.url}/v1/payment_intents/${first.body.data.next_action.client_secret.split('_secret_')[0]}/confirm`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${PUBLISHABLE_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ client_secret: first.body.data.next_action.client_secret }),
        },
      )
      expect(confirm.status).toBeGreaterThanOrEqual(400)
    })

    it('a checkout still on its way to Stripe is not replaced by one with another card: 409, nothing charged', async () => {
      const key = await signedInKey(ctx)
      const userId = await userOf(ctx, key)
      const addon = await addonOf(ctx)
      // An order written a moment ago whose request is still talking to Stripe.
      const placed = await post(ctx, '/api/stripe/buy', key, {
        id: addon.id,
        payment_method_id: 'pm_card_authenticationRequired',
        idempotency_key: 'in-flight-one',
      })
      await ctx.db.kysely
        .updateTable('orders')
        .set({ provider_payment_id: null })
        .where('id', '=', placed.body.data.id)
        .execute()
      const other = await post(ctx, '/api/stripe/buy', key, {
        id: addon.id,
        payment_method_id: 'pm_card_visa',
        idempotency_key: 'in-flight-two',
      })
      expect(other).toMatchObject({ status: 409, body: { message: messages.checkoutInProgress } })
      expect(await ordersOf(ctx, userId)).toHaveLength(1)
      expect(intentsOf([placed.body.data.id])).toHaveLength(1)
    })

    describe('provider events apply only to the order’s own payment', () => {
      const place = async () => {
        const key = await signedInKey(ctx)
        const addon = await addonOf(ctx)
        const placed = await post(ctx, '/api/stripe/buy', key, { id: addon.id, payment_method_id: 'pm_card_visa' })
        const row = (await ordersOf(ctx, await userOf(ctx, key)))[0]
        if (!row?.provider_payment_id) throw new Error('no payment')
        const intent = standin.objects.get(row.provider_payment_id) as Record<string, unknown>
        return { key, id: placed.body.data.id as number, row, intent }
      }
      const deliver = async (type: string, object: Record<string, unknown>) => {
        const answer = await standin.deliver(type, object)
        expect(answer.status).toBe(200)
        return answer.body.outcome as string
      }
      const stillWaiting = async (key: string, id: number) => {
        expect(await orderOf(key, id)).toMatchObject({ status: 'created', activity_status: 'inactive' })
        expect((await ctx.json(`/api/transactions?api_key=${key}`)).body.data).toHaveLength(0)
      }

      it('another payment of 1 cent in EUR naming our order does not mark it paid', async () => {
        const { key, id } = await place()
        const forged = {
          id: 'pi_someone_elses',
          object: 'payment_intent',
          amount: 1,
          amount_received: 1,
          currency: 'eur',
          status: 'succeeded',
          metadata: { order_id: String(id) },
        }
        expect(await deliver('payment_intent.succeeded', forged)).toBe('ignored')
        await stillWaiting(key, id)
      })

      it('variants: another payment of the same amount, the order’s payment in another currency or amount', async () => {
        const { key, id, intent } = await place()
        const metadata = { order_id: String(id) }
        const variants: Record<string, unknown>[] = [
          // Same amount and currency, but another payment.
          { ...intent, id: 'pi_same_amount_other', metadata },
          // The order's payment id, another currency.
          { ...intent, currency: 'eur' },
          // The order's payment id, another amount.
          { ...intent, amount: 1, amount_received: 1 },
        ]
        for (const v of variants) expect(await deliver('payment_intent.succeeded', v)).toBe('ignored')
        // An invoice (a subscription's money) naming a one-time order.
        const invoice = {
          id: 'in_not_a_subscription',
          object: 'invoice',
          amount_paid: 499,
          currency: 'usd',
          billing_reason: 'subscription_create',
          metadata,
        }
        expect(await deliver('invoice.paid', invoice)).toBe('ignored')
        await stillWaiting(key, id)
        // The genuine event still pays it.
        expect(await deliver('payment_intent.succeeded', intent)).toBe('applied')
        expect(await orderOf(key, id)).toMatchObject({ status: 'paid', activity_status: 'active' })
        // And a refund of another payment does not take the pass away.
        const charge = { id: 'ch_other', object: 'charge', payment_intent: 'pi_other', currency: 'usd', metadata }
        expect(await deliver('charge.refunded', { ...charge, amount_refunded: 499, refunded: true })).toBe('ignored')
        expect(await orderOf(key, id)).toMatchObject({ status: 'paid', activity_status: 'active' })
      })

      it('before our record of the payment id: only the order’s amount in its currency counts', async () => {
        const { key, id, intent } = await place()
        // As if the webhook overtook our write of the PaymentIntent id.
        await ctx.db.kysely.updateTable('orders').set({ provider_payment_id: null }).where('id', '=', id).execute()
        const metadata = { order_id: String(id) }
        expect(
          await deliver('payment_intent.succeeded', {
            ...intent,
            id: 'pi_cent',
            amount: 1,
            amount_received: 1,
            metadata,
          }),
        ).toBe('ignored')
        expect(await deliver('payment_intent.succeeded', { ...intent, id: 'pi_euro', currency: 'eur', metadata })).toBe(
          'ignored',
        )
        await stillWaiting(key, id)
        expect(await deliver('payment_intent.succeeded', intent)).toBe('applied')
        const row = (await ordersOf(ctx, await userOf(ctx, key)))[0]
        expect(row).toMatchObject({ status: 'paid', provider_payment_id: intent.id })
      })

      it('a subscription order takes invoices of its own subscription only', async () => {
        const key = await signedInKey(ctx)
        const subscriptions = (await ctx.json(`/api/subscriptions?api_key=${key}`)).body.data
        const season = subscriptions.find((p: { trial_period: number }) => p.trial_period === 0)
        const placed = await post(ctx, '/api/stripe/buy', key, { id: season.id, payment_method_id: 'pm_card_visa' })
        const row = (await ordersOf(ctx, await userOf(ctx, key)))[0]
        const sub = standin.objects.get(row?.provider_subscription_id as string) as Record<string, any>
        const invoice = standin.objects.get(sub.latest_invoice) as Record<string, any>
        const metadata = { order_id: String(placed.body.data.id) }
        const other = {
          ...invoice,
          id: 'in_other',
          parent: { subscription_details: { subscription: 'sub_other', metadata } },
        }
        expect(await deliver('invoice.paid', other)).toBe('ignored')
        expect(await deliver('invoice.paid', { ...invoice, amount_paid: 1 })).toBe('ignored')
        expect(await deliver('invoice.paid', { ...invoice, currency: 'eur' })).toBe('ignored')
        expect(await orderOf(key, placed.body.data.id)).toMatchObject({
          status: 'created',
          activity_status: 'inactive',
        })
        expect(await deliver('invoice.paid', invoice)).toBe('applied')
        expect(await orderOf(key, placed.body.data.id)).toMatchObject({ status: 'paid', activity_status: 'active' })
      })
    })
  },
)
