import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'

/**
 * A loopback stand-in for Stripe's REST API, for exactly the calls StripeGateway makes — not a Stripe
 * emulator. It speaks the wire format the official SDK sends and reads (form-encoded bodies with
 * bracket keys, Bearer auth, Idempotency-Key, Stripe-shaped JSON objects and errors) and Stripe's test
 * PaymentMethods: `pm_card_visa` pays, `pm_card_chargeDeclined` is declined,
 * `pm_card_chargeDeclinedInsufficientFunds` has insufficient funds. It can also deliver webhooks,
 * signed with the SDK's own test-header helper.
 */
export interface StandinRequest {
  method: string
  path: string
  body: Record<string, unknown>
  idempotencyKey: string | undefined
}

const DECLINES: Record<string, { code: string; message: string }> = {
  pm_card_chargeDeclined: { code: 'generic_decline', message: 'Your card was declined.' },
  pm_card_chargeDeclinedInsufficientFunds: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
}

/** `a[b][0][c]=1` → `{ a: { b: [ { c: '1' } ] } }`. */
export function decodeForm(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, '').split('[')
    let node: Record<string, unknown> = out
    parts.forEach((part, i) => {
      const last = i === parts.length - 1
      const name = part === '' ? String(Object.keys(node).length) : part
      if (last) node[name] = value
      else {
        node[name] = (node[name] as Record<string, unknown>) ?? {}
        node = node[name] as Record<string, unknown>
      }
    })
  }
  return out
}

export async function startStripeStandin(opts: { secretKey: string; webhookSecret: string }) {
  const requests: StandinRequest[] = []
  const idempotent = new Map<string, { status: number; body: unknown }>()
  const objects = new Map<string, Record<string, unknown>>()
  const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`
  const now = () => Math.floor(Date.now() / 1000)
  const save = (o: Record<string, unknown>) => {
    objects.set(o.id as string, o)
    return o
  }
  const cardOf = (pm: string) => ({
    brand: 'visa',
    last4: pm === 'pm_card_visa' ? '4242' : pm.includes('Insufficient') ? '9995' : '0002',
    exp_month: 12,
    exp_year: 2034,
  })
  const attached = new Map<string, string[]>()
  const cardError = (pm: string, intent?: Record<string, unknown>) => {
    const d = DECLINES[pm] as { code: string; message: string }
    return {
      status: 402,
      body: {
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: d.code,
          message: d.message,
          payment_intent: intent,
        },
      },
    }
  }

  const routes: [
    string,
    RegExp,
    (m: RegExpMatchArray, b: Record<string, unknown>) => { status: number; body: unknown },
  ][] = [
    [
      'POST',
      /^\/v1\/customers$/,
      (_m, b) => ({
        status: 200,
        body: save({ id: id('cus'), object: 'customer', email: b.email, metadata: b.metadata ?? {} }),
      }),
    ],
    [
      'POST',
      /^\/v1\/customers\/([^/]+)$/,
      (m, b) => ({ status: 200, body: save({ ...(objects.get(m[1] as string) ?? { id: m[1] }), ...b }) }),
    ],
    [
      'POST',
      /^\/v1\/products$/,
      (_m, b) => ({ status: 200, body: save({ id: id('prod'), object: 'product', name: b.name }) }),
    ],
    ['POST', /^\/v1\/coupons$/, (_m, b) => ({ status: 200, body: save({ id: id('coupon'), object: 'coupon', ...b }) })],
    [
      'POST',
      /^\/v1\/payment_intents$/,
      (_m, b) => {
        const pm = b.payment_method as string
        const intent = {
          id: id('pi'),
          object: 'payment_intent',
          amount: Number(b.amount),
          amount_received: DECLINES[pm] ? 0 : Number(b.amount),
          currency: b.currency,
          customer: b.customer,
          metadata: b.metadata ?? {},
          status: DECLINES[pm] ? 'requires_payment_method' : 'succeeded',
          created: now(),
          last_payment_error: DECLINES[pm] ? { message: DECLINES[pm]?.message } : null,
        }
        save(intent)
        if (b.setup_future_usage && !DECLINES[pm])
          attached.set(b.customer as string, [...(attached.get(b.customer as string) ?? []), pm])
        return DECLINES[pm] ? cardError(pm, intent) : { status: 200, body: intent }
      },
    ],
    [
      'GET',
      /^\/v1\/payment_intents\/([^/]+)$/,
      (m) => ({
        status: objects.has(m[1] as string) ? 200 : 404,
        body: objects.get(m[1] as string) ?? {
          error: { type: 'invalid_request_error', message: 'No such payment_intent' },
        },
      }),
    ],
    [
      'POST',
      /^\/v1\/payment_methods\/([^/]+)\/attach$/,
      (m, b) => {
        const pm = m[1] as string
        if (pm === 'pm_card_chargeDeclined') return cardError(pm)
        attached.set(b.customer as string, [...(attached.get(b.customer as string) ?? []), pm])
        return {
          status: 200,
          body: { id: pm, object: 'payment_method', type: 'card', customer: b.customer, card: cardOf(pm) },
        }
      },
    ],
    [
      'GET',
      /^\/v1\/payment_methods$/,
      (_m, b) => ({
        status: 200,
        body: {
          object: 'list',
          has_more: false,
          url: '/v1/payment_methods',
          data: (attached.get(b.customer as string) ?? []).map((pm) => ({
            id: pm,
            object: 'payment_method',
            type: 'card',
            card: cardOf(pm),
          })),
        },
      }),
    ],
    [
      'POST',
      /^\/v1\/subscriptions$/,
      (_m, b) => {
        const pm = b.default_payment_method as string
        const trialDays = Number(b.trial_period_days ?? 0)
        if (DECLINES[pm] && trialDays === 0) return cardError(pm)
        const end = now() + (trialDays > 0 ? trialDays * 86_400 : 30 * 86_400)
        return {
          status: 200,
          body: save({
            id: id('sub'),
            object: 'subscription',
            customer: b.customer,
            status: trialDays > 0 ? 'trialing' : 'active',
            cancel_at_period_end: false,
            metadata: b.metadata ?? {},
            trial_end: trialDays > 0 ? end : null,
            items: { object: 'list', data: [{ id: id('si'), object: 'subscription_item', current_period_end: end }] },
            latest_invoice: null,
          }),
        }
      },
    ],
    [
      'POST',
      /^\/v1\/subscriptions\/([^/]+)$/,
      (m, b) => ({
        status: 200,
        body: save({
          ...(objects.get(m[1] as string) ?? { id: m[1], object: 'subscription' }),
          cancel_at_period_end: b.cancel_at_period_end === 'true',
        }),
      }),
    ],
    [
      'POST',
      /^\/v1\/setup_intents$/,
      () => ({
        status: 200,
        body: { id: id('seti'), object: 'setup_intent', client_secret: `${id('seti')}_secret_${id('x')}` },
      }),
    ],
    [
      'POST',
      /^\/v1\/invoices\/create_preview$/,
      (_m, b) => {
        const items = Object.values((b.invoice_items as Record<string, { amount: string }>) ?? {})
        const subtotal = items.reduce((sum, i) => sum + Number(i.amount), 0)
        return { status: 200, body: { object: 'invoice', subtotal, total: subtotal, total_discount_amounts: [] } }
      },
    ],
    [
      'POST',
      /^\/v1\/billing_portal\/sessions$/,
      (_m, b) => ({
        status: 200,
        body: {
          id: id('bps'),
          object: 'billing_portal.session',
          url: `https://billing.stripe.test/session/${b.customer}`,
        },
      }),
    ],
  ]

  const server = http.createServer((req, res) => {
    let raw = ''
    req.on('data', (c) => {
      raw += c
    })
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x')
      const body = req.method === 'GET' ? decodeForm(url.search.slice(1)) : decodeForm(raw)
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined
      requests.push({ method: req.method ?? '', path: url.pathname, body, idempotencyKey })
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') })
        res.end(JSON.stringify(payload))
      }
      if (req.headers.authorization !== `Bearer ${opts.secretKey}`) {
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } })
      }
      const key = idempotencyKey ? `${req.method} ${url.pathname} ${idempotencyKey}` : null
      const replay = key ? idempotent.get(key) : undefined
      if (replay) return send(replay.status, replay.body)
      for (const [method, pattern, handler] of routes) {
        const m = url.pathname.match(pattern)
        if (m && method === req.method) {
          const answer = handler(m, body)
          if (key) idempotent.set(key, answer)
          return send(answer.status, answer.body)
        }
      }
      send(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` },
      })
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  const port = (server.address() as AddressInfo).port
  const stripe = new Stripe(opts.secretKey)

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    objects,
    /** A Stripe event JSON, signed as Stripe signs it (optionally with another secret or an old timestamp). */
    signedEvent(type: string, object: Record<string, unknown>, sign: { secret?: string; timestamp?: number } = {}) {
      const payload = JSON.stringify({
        id: id('evt'),
        object: 'event',
        type,
        created: now(),
        data: { object },
        api_version: null,
      })
      const header = stripe.webhooks.generateTestHeaderString({
        payload,
        secret: sign.secret ?? opts.webhookSecret,
        ...(sign.timestamp !== undefined ? { timestamp: sign.timestamp } : {}),
      })
      return { payload, header }
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}
