import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll } from 'vitest'
import { createTestContext, type DatabaseKind, type TestContext } from '../../../test/context.js'
import { type StripeStandin, startStripeStandin } from '../../../test/stripe-standin.js'
import { BundlesRepository } from '../bundles.repository.js'
import { OrdersRepository } from '../orders.repository.js'
import { PassesRepository } from '../passes.repository.js'
import { createPayments } from '../payments.module.js'
import { PaymentsRepository } from '../payments.repository.js'
import type { PaymentGateway, PaymentSource } from './gateway.js'
import { StripeGateway } from './stripe.gateway.js'

/**
 * What the Stripe tests share: the keys of the loopback stand-in of Stripe's REST API, and two
 * set-ups, each with its helpers. `useStripeGateway` is the gateway on its own against the stand-in;
 * `useStripeApp` is the product configured with a Stripe key on a test database. `standin`,
 * `gateway`, `orderId`, `ctx` and `passes` are live bindings, set before the tests of the block run.
 */
export const SECRET_KEY = 'sk_test_fieldhouse_standin'
export const WEBHOOK_SECRET = 'whsec_fieldhouse_standin'
export const PUBLISHABLE_KEY = 'pk_test_fieldhouse'
export const DAY = 86_400_000

export const card = (paymentMethodId: string, save = false): PaymentSource => ({ kind: 'new', paymentMethodId, save })

/** What Stripe.js does in the browser once the viewer passed 3-D Secure: confirm with the publishable key. */
export const confirmInBrowser = (standin: StripeStandin, clientSecret: string) =>
  fetch(`${standin.url}/v1/payment_intents/${clientSecret.split('_secret_')[0]}/confirm`, {
    method: 'POST',
    headers: { authorization: `Bearer ${PUBLISHABLE_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_secret: clientSecret }),
  })

export let standin: StripeStandin

// The gateway on its own.

export let gateway: StripeGateway
let endpoint: http.Server
let userId = 100
export let orderId = 1000

/**
 * The official SDK pointed at the stand-in (host, port, protocol), and webhooks posted by the
 * stand-in, signed with the SDK's test helper, to an endpoint that hands the raw body to
 * `parseWebhook`. No database.
 */
export function useStripeGateway() {
  beforeAll(async () => {
    standin = await startStripeStandin({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      publishableKey: PUBLISHABLE_KEY,
    })
    gateway = new StripeGateway({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      publishableKey: 'pk_test_fieldhouse',
      host: '127.0.0.1',
      port: standin.port,
      protocol: 'http',
    })
    // Our side of a webhook: the raw body and its signature header, straight to the gateway.
    endpoint = http.createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        try {
          const event = gateway.parseWebhook(
            Buffer.concat(chunks),
            req.headers['stripe-signature'] as string | undefined,
          )
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ event }))
        } catch (error) {
          res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: String(error) }))
        }
      })
    })
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve))
    standin.webhookUrl = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/hooks/stripe`
  })
  afterAll(async () => {
    await new Promise((resolve) => endpoint?.close(resolve))
    await standin?.close()
  })
}

export const customer = () =>
  gateway.createCustomer({ id: ++userId, email: `fan${userId}@example.com`, name: 'Fan', channelId: 3 })
export const posts = (path: string) => standin.requests.filter((r) => r.method === 'POST' && r.path === path)
export const objectsOf = (object: string) => [...standin.objects.values()].filter((o) => o.object === object)
export const charge = async (
  source: PaymentSource,
  opts: { customerId?: string; key?: string; order?: number } = {},
) => {
  const order = opts.order ?? ++orderId
  return gateway.charge({
    customerId: opts.customerId ?? (await customer()),
    amount: 499,
    currency: 'USD',
    source,
    description: 'Final: Lions v Hawks',
    orderId: order,
    idempotencyKey: opts.key ?? `order-${order}`,
  })
}
export const subscribe = async (
  source: PaymentSource,
  opts: {
    customerId?: string
    trialDays?: number
    discount?: { percentOff?: number; amountOff?: number }
    interval?: 'month' | 'year'
  } = {},
) => {
  const order = ++orderId
  return gateway.subscribe({
    customerId: opts.customerId ?? (await customer()),
    amount: 999,
    currency: 'USD',
    interval: opts.interval ?? 'month',
    trialDays: opts.trialDays ?? 0,
    source,
    description: 'Monthly pass',
    orderId: order,
    idempotencyKey: `order-${order}`,
    ...(opts.discount ? { discount: opts.discount } : {}),
  })
}

// The product with a Stripe key.

export type Pass = { id: number; kind: string; trial_period: number; event_id: number | null; price: number }

export let ctx: TestContext
export let passes: Pass[]

/**
 * The product configured with a Stripe key (STRIPE_API_BASE pointing at the stand-in) on a fresh
 * database of this kind, the stand-in's webhooks going to `/api/hooks/stripe`.
 */
export function useStripeApp(kind: DatabaseKind) {
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
    const anon = await ctx.apiKey()
    passes = [
      ...(await ctx.json(`/api/packages?api_key=${anon}`)).body.data,
      ...(await ctx.json(`/api/subscriptions?api_key=${anon}`)).body.data,
    ]
  })
  afterAll(async () => {
    await ctx?.close()
    await standin?.close()
  })
}

export const post = (path: string, key: string, body: object) =>
  ctx.json(path, { method: 'POST', body: { api_key: key, ...body } })
export const addon = () => passes.find((p) => p.kind === 'addon') as Pass
export const send = (payload: string, header: string) =>
  ctx.json('/api/hooks/stripe', { method: 'POST', body: payload, headers: { 'stripe-signature': header } })
export const ledger = async () => (await ctx.db.kysely.selectFrom('payment_events').selectAll().execute()).length
export const row = (id: number) =>
  ctx.db.kysely.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
export const orderOf = async (key: string, id: number) => (await ctx.json(`/api/orders/${id}?api_key=${key}`)).body.data
export const season = () => passes.find((p) => p.kind === 'subscription' && p.trial_period === 0) as Pass
export const monthly = () => passes.find((p) => p.kind === 'subscription' && p.trial_period > 0) as Pass
export const transactionsOf = (orderId: number) =>
  ctx.db.kysely.selectFrom('transactions').selectAll().where('order_id', '=', orderId).execute()
export const intentsOf = (orderId: number) =>
  [...standin.objects.values()].filter((o) => o.object === 'payment_intent' && o.metadata.order_id === String(orderId))
/** Payments services of their own (another process, a later minute): the app's gateway, this clock. */
export const servicesWith = (gateway: PaymentGateway, clock?: () => number) =>
  createPayments({
    repo: new PaymentsRepository(ctx.db.kysely),
    passes: new PassesRepository(ctx.db.kysely),
    bundles: new BundlesRepository(ctx.db.kysely),
    orders: new OrdersRepository(ctx.db.kysely, ctx.db.dialect),
    gateway,
    log: ctx.app.log,
    access: ctx.app.services.access,
    clock,
  })
export const stripeGateway = () => ctx.app.services.gateway as StripeGateway
