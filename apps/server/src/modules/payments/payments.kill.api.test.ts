import { type ChildProcess, spawn } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashToken } from '../../lib/secrets.js'
import { useProcessSuite } from '../../test/bundle-entry.js'
import { testDatabases } from '../../test/context.js'
import { signedInKey } from '../../test/factories.js'
import { type StripeStandin, startStripeStandin } from '../../test/stripe-standin.js'

const VISA = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' }
const SECRET_KEY = 'sk_test_fieldhouse_kill'
const WEBHOOK_SECRET = 'whsec_fieldhouse_kill'

interface Server {
  url: string
  process: ChildProcess
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/**
 * A real, separate server process. The kill test ends the first one from inside (config
 * TEST_KILL_AFTER_CHARGE: SIGKILL right after the gateway's charge, before the order write).
 */
describe.each(testDatabases())('a server process killed between the charge and its record, on %s', (kind) => {
  const suite = useProcessSuite(kind, 'server-process')

  const startServer = (options: {
    kill?: boolean
    killBefore?: boolean
    reconcile?: boolean
    env?: Record<string, string>
  }) =>
    new Promise<Server>((resolve, reject) => {
      const env: Record<string, string> = {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        SCRYPT_LOG_N: '12',
        SEED_DEMO: 'false',
        SERVICES: 'api',
        DATA_DIR: suite.ctx.config.dataDir,
        ...(kind === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL ?? '' } : {}),
        ...(options.kill ? { TEST_KILL_AFTER_CHARGE: 'true' } : {}),
        ...(options.killBefore ? { TEST_KILL_BEFORE_CHARGE: 'true' } : {}),
        ...options.env,
      }
      const args = [suite.entry, ...suite.schemaArgs, ...(options.reconcile ? ['--reconcile'] : [])]
      const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] })
      suite.started.push(child)
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
        child.once('exit', (code, signal) => done({ code, signal })),
      )
      let out = ''
      let errors = ''
      child.stderr?.on('data', (chunk: Buffer) => {
        errors += chunk.toString()
      })
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        const port = /listening (\d+)/.exec(out)?.[1]
        if (port) resolve({ url: `http://127.0.0.1:${port}`, process: child, exited })
      })
      void exited.then(({ code, signal }) =>
        reject(new Error(`the server exited before listening (${code ?? signal}): ${errors}`)),
      )
    })

  const stop = async (server: Server) => {
    server.process.kill('SIGTERM')
    await server.exited
  }
  const json = async (server: Server, p: string, body?: object) => {
    const res = await fetch(server.url + p, {
      method: body ? 'POST' : 'GET',
      ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
    })
    return { status: res.status, body: (await res.json()) as any }
  }
  const ordersOf = (userId: number) =>
    suite.ctx.db.kysely.selectFrom('orders').selectAll().where('user_id', '=', userId).execute()
  const userOf = async (key: string) =>
    (await suite.ctx.app.services.keys.sessionForKeyHash(hashToken(key))).userId as number
  const addonId = async () => {
    const packages = (await suite.ctx.json(`/api/packages?api_key=${await suite.ctx.apiKey()}`)).body.data
    return packages.find((p: { kind: string }) => p.kind === 'addon').id as number
  }

  it('with the test gateway: after a restart, exactly one paid order and exactly one charge', async () => {
    const key = await signedInKey(suite.ctx)
    const userId = await userOf(key)
    const dying = await startServer({ kill: true })
    const answer = await json(dying, '/api/stripe/buy', {
      api_key: key,
      id: await addonId(),
      card: VISA,
      idempotency_key: 'killed-checkout-1',
    }).catch((error: Error) => error)
    // The process died inside the request: no answer, killed by its own SIGKILL.
    expect(answer).toBeInstanceOf(Error)
    expect(await dying.exited).toEqual({ code: null, signal: 'SIGKILL' })

    const [lost] = await ordersOf(userId)
    expect(lost).toMatchObject({ status: 'created', provider_payment_id: null })
    const charges = () =>
      suite.ctx.db.kysely
        .selectFrom('test_gateway_payments')
        .selectAll()
        .where('order_id', '=', lost?.id as number)
        .execute()
    expect(await charges()).toMatchObject([{ status: 'succeeded', amount: 499 }])

    const restarted = await startServer({ reconcile: true })
    const orders = (await json(restarted, `/api/orders?no_limit=1&api_key=${key}`)).body.data
    expect(orders).toHaveLength(1)
    expect(orders[0]).toMatchObject({ id: lost?.id, status: 'paid', activity_status: 'active' })
    expect(await charges()).toHaveLength(1)
    const transactions = (await json(restarted, `/api/transactions?api_key=${key}`)).body.data
    expect(transactions).toMatchObject([{ order_id: lost?.id, type: 'Purchase', amount: 4.99 }])
    // The same checkout asked again (the viewer's retry after the crash) answers that order, charging nothing.
    const retried = await json(restarted, '/api/stripe/buy', {
      api_key: key,
      id: await addonId(),
      card: VISA,
      idempotency_key: 'killed-checkout-1',
    })
    expect(retried.body.data).toMatchObject({ id: lost?.id, status: 'paid' })
    expect(await ordersOf(userId)).toHaveLength(1)
    expect(await charges()).toHaveLength(1)
    await stop(restarted)
  })

  it('killed before the charge: a retry with the same checkout key pays that order at once, once', async () => {
    const key = await signedInKey(suite.ctx)
    const userId = await userOf(key)
    const checkout = { api_key: key, id: await addonId(), card: VISA, idempotency_key: 'killed-before-charge-1' }
    const dying = await startServer({ killBefore: true })
    expect(await json(dying, '/api/stripe/buy', checkout).catch((error: Error) => error)).toBeInstanceOf(Error)
    expect((await dying.exited).signal).toBe('SIGKILL')
    const [waiting] = await ordersOf(userId)
    expect(waiting).toMatchObject({ status: 'created', provider_payment_id: null })
    const charges = () =>
      suite.ctx.db.kysely
        .selectFrom('test_gateway_payments')
        .selectAll()
        .where('order_id', '=', waiting?.id as number)
        .execute()
    expect(await charges()).toHaveLength(0)

    // No reconciliation here: the viewer's retry itself picks the order up, without the 15-minute wait.
    const restarted = await startServer({})
    const retried = await json(restarted, '/api/stripe/buy', checkout)
    expect(retried.status).toBe(200)
    expect(retried.body.data.id).toBe(waiting?.id)
    expect(await charges()).toMatchObject([{ status: 'succeeded', amount: 499, currency: 'USD' }])
    let order = retried.body.data
    for (let i = 0; i < 50 && order.status === 'created'; i++) {
      await new Promise((r) => setTimeout(r, 100))
      order = (await json(restarted, `/api/orders/${waiting?.id}?api_key=${key}`)).body.data
    }
    expect(order).toMatchObject({ status: 'paid', activity_status: 'active' })
    // Asked once more: the order as it stands, nothing charged again.
    expect((await json(restarted, '/api/stripe/buy', checkout)).body.data).toMatchObject({ id: waiting?.id })
    expect(await charges()).toHaveLength(1)
    expect(await ordersOf(userId)).toHaveLength(1)
    await stop(restarted)
  })

  describe('with Stripe (the stand-in)', () => {
    let standin: StripeStandin
    beforeAll(async () => {
      standin = await startStripeStandin({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET })
    })
    afterAll(() => standin?.close())

    it('reconciliation finds the PaymentIntent by its order id: one paid order, one charge', async () => {
      const env = {
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: standin.url,
      }
      const key = await signedInKey(suite.ctx)
      const userId = await userOf(key)
      const dying = await startServer({ kill: true, env })
      const answer = await json(dying, '/api/stripe/buy', {
        api_key: key,
        id: await addonId(),
        payment_method_id: 'pm_card_visa',
      }).catch((error: Error) => error)
      expect(answer).toBeInstanceOf(Error)
      expect((await dying.exited).signal).toBe('SIGKILL')
      const [lost] = await ordersOf(userId)
      expect(lost).toMatchObject({ status: 'created', gateway: 'stripe', provider_payment_id: null })
      const intents = () =>
        [...standin.objects.values()].filter(
          (o) => o.object === 'payment_intent' && o.metadata.order_id === String(lost?.id),
        )
      expect(intents()).toMatchObject([{ status: 'succeeded', amount: 499 }])

      const restarted = await startServer({ reconcile: true, env })
      const order = (await json(restarted, `/api/orders/${lost?.id}?api_key=${key}`)).body.data
      expect(order).toMatchObject({ status: 'paid', activity_status: 'active', next_action: null })
      expect(intents()).toHaveLength(1)
      const [row] = await ordersOf(userId)
      expect(row?.provider_payment_id).toBe(intents()[0]?.id)
      expect(
        await suite.ctx.db.kysely
          .selectFrom('transactions')
          .selectAll()
          .where('order_id', '=', lost?.id as number)
          .execute(),
      ).toHaveLength(1)
      await stop(restarted)
    })

    it('killed before Stripe was asked: the same checkout key resumes it, one PaymentIntent', async () => {
      const env = {
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: standin.url,
      }
      const key = await signedInKey(suite.ctx)
      const userId = await userOf(key)
      const checkout = {
        api_key: key,
        id: await addonId(),
        payment_method_id: 'pm_card_visa',
        idempotency_key: 'stripe-killed-before-charge',
      }
      const dying = await startServer({ killBefore: true, env })
      expect(await json(dying, '/api/stripe/buy', checkout).catch((error: Error) => error)).toBeInstanceOf(Error)
      expect((await dying.exited).signal).toBe('SIGKILL')
      const [waiting] = await ordersOf(userId)
      const intents = () =>
        [...standin.objects.values()].filter(
          (o) => o.object === 'payment_intent' && o.metadata.order_id === String(waiting?.id),
        )
      expect(intents()).toHaveLength(0)
      const restarted = await startServer({ env })
      const retried = await json(restarted, '/api/stripe/buy', checkout)
      expect(retried.body.data).toMatchObject({ id: waiting?.id, status: 'created' })
      expect(intents()).toMatchObject([{ status: 'succeeded', amount: 499 }])
      expect((await json(restarted, '/api/stripe/buy', checkout)).body.data.id).toBe(waiting?.id)
      expect(intents()).toHaveLength(1)
      expect(await ordersOf(userId)).toHaveLength(1)
      await stop(restarted)
    })
  })
})
