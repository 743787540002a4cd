import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'

/**
 * A loopback stand-in for Stripe's REST API, for the calls StripeGateway makes — not a Stripe emulator
 * (design §6: a remote service we cannot reach here, spoken to in its own protocol).
 *
 * Wire format as the official SDK sends and reads it: form-encoded bodies with bracket keys
 * (`metadata[order_id]=1`, `items[0][price_data][currency]=usd`, `expand[0]=…` or `expand[]=…`), Bearer
 * auth with one secret key (another key gets Stripe's 401), `Idempotency-Key` on POSTs (the same key
 * and request replays the stored answer and creates nothing; the same key on a different request is
 * Stripe's `idempotency_error`), and JSON objects shaped like Stripe's (`cus_`, `pi_`, `pm_`, `seti_`,
 * `sub_`, `in_`, `price_`, `prod_` ids, `object`, `livemode: false`, `created` in seconds) and errors.
 *
 * Cards follow Stripe's test PaymentMethods: `pm_card_visa` pays; `pm_card_chargeDeclined` is declined
 * (already when attached); `pm_card_chargeDeclinedInsufficientFunds` attaches but has insufficient
 * funds; `pm_card_authenticationRequired` (4000 0027 6000 3184) answers `requires_action` until the
 * browser confirms it: `POST /v1/payment_intents/{id}/confirm` with the publishable key and the
 * intent's `client_secret`, as Stripe.js does once the viewer passed 3-D Secure, makes it `succeeded`
 * (and pays the invoice of an incomplete subscription). As at Stripe, using a test PaymentMethod with
 * a customer makes a new `pm_…` that behaves the same, and that new id is the one attached. A
 * succeeded PaymentIntent has its Charge (`latest_charge`), which `POST /v1/refunds` refunds.
 *
 * Reconciliation reads: PaymentIntents and Subscriptions listed by customer (`created[gte]`), a
 * Subscription retrieved with `expand`, and cancelling either.
 *
 * `deliver(type, object)` posts a Stripe event to `webhookUrl`, signed with the SDK's own
 * `webhooks.generateTestHeaderString`. Every request is kept in `requests` for assertions.
 */
export interface StandinRequest {
  method: string
  path: string
  body: Record<string, any>
  idempotencyKey: string | undefined
}

type Obj = Record<string, any>

interface TestCard {
  last4: string
  decline?: [code: string, message: string]
  declineOnAttach?: true
  auth?: true
}

const TEST_CARDS: Record<string, TestCard> = {
  pm_card_visa: { last4: '4242' },
  pm_card_chargeDeclined: {
    last4: '0002',
    decline: ['generic_decline', 'Your card was declined.'],
    declineOnAttach: true,
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    last4: '9995',
    decline: ['insufficient_funds', 'Your card has insufficient funds.'],
  },
  pm_card_authenticationRequired: { last4: '3184', auth: true },
}

/** `a[b][0][c]=1&e[]=x` → `{ a: { b: [{ c: '1' }] }, e: ['x'] }`: numeric and empty brackets make arrays. */
export function decodeForm(text: string): Obj {
  const root: Obj = {}
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[')
    let node: any = root
    path.forEach((part, i) => {
      const at = part === '' && Array.isArray(node) ? node.length : part
      if (i === path.length - 1) node[at] = value
      else node = node[at] ??= /^\d*$/.test(path[i + 1] as string) ? [] : {}
    })
  }
  return root
}

/** An error Stripe would answer with. */
class Fail {
  constructor(
    readonly status: number,
    readonly error: Obj,
  ) {}
}
const missing = (kind: string, id: unknown) =>
  new Fail(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'` })
const invalid = (message: string, code = 'parameter_invalid') =>
  new Fail(400, { type: 'invalid_request_error', code, message })

/** Starts the stand-in on 127.0.0.1 at a free port. */
export async function startStripeStandin(opts: {
  secretKey: string
  webhookSecret: string
  webhookUrl?: string
  /** The key Stripe.js calls with from the browser (3-D Secure confirmation only). */
  publishableKey?: string
}) {
  const requests: StandinRequest[] = []
  const replies = new Map<string, { request: string; status: number; body: unknown }>()
  const objects = new Map<string, Obj>()
  const payments = new Map<string, Obj[]>() // invoice id → its InvoicePayments (included on expand only)
  const invoiceOfIntent = new Map<string, string>() // pi id → the invoice it pays
  const cardOf = new Map<string, string>() // pm id → the test PaymentMethod it came from
  const rand = (n = 12) => randomBytes(n).toString('base64url').replace(/[-_]/g, 'x').slice(0, n)
  const now = () => Math.floor(Date.now() / 1000)
  const make = (prefix: string, object: string, fields: Obj, id = `${prefix}_${rand(14)}`): Obj => {
    const o = { id, object, ...fields, created: now(), livemode: false }
    objects.set(id, o)
    return o
  }
  const get = (kind: string, id: unknown, object = kind) => {
    const o = objects.get(String(id))
    if (!o || o.object !== object) throw missing(kind, id)
    return o
  }
  const behaviourOf = (pm: Obj): Partial<TestCard> => TEST_CARDS[cardOf.get(pm.id) ?? ''] ?? {}

  /** A PaymentMethod by id; a test one is copied into a new `pm_…`, as Stripe does. */
  const paymentMethod = (id: unknown) => {
    const test = TEST_CARDS[String(id)]
    if (!test) return get('PaymentMethod', id, 'payment_method')
    const card = { brand: 'visa', last4: test.last4, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3 }
    const pm = make('pm', 'payment_method', { type: 'card', card, customer: null, metadata: {} })
    cardOf.set(pm.id, String(id))
    return pm
  }
  const cardError = (pm: Obj, intent?: Obj) => {
    const [decline_code, message] = behaviourOf(pm).decline ?? ['generic_decline', 'Your card was declined.']
    const error = { type: 'card_error', code: 'card_declined', decline_code, message, payment_method: pm }
    return new Fail(402, intent ? { ...error, payment_intent: intent } : error)
  }
  /** The Charge of a PaymentIntent that succeeded (what a refund gives back). */
  const charged = (intent: Obj) => {
    const charge = make('ch', 'charge', {
      amount: intent.amount,
      amount_captured: intent.amount,
      amount_refunded: 0,
      refunded: false,
      currency: intent.currency,
      customer: intent.customer,
      payment_intent: intent.id,
      payment_method: intent.payment_method,
      metadata: intent.metadata,
      status: 'succeeded',
      paid: true,
    })
    intent.latest_charge = charge.id
    return charge
  }
  /** Confirms a new PaymentIntent on a card: `succeeded`, `requires_action`, or declined. */
  const confirm = (b: Obj, pm: Obj, metadata: Obj = b.metadata ?? {}) => {
    const test = behaviourOf(pm)
    const id = `pi_${rand(14)}`
    const status = test.decline ? 'requires_payment_method' : test.auth ? 'requires_action' : 'succeeded'
    const intent = make(
      'pi',
      'payment_intent',
      {
        amount: Number(b.amount),
        amount_received: status === 'succeeded' ? Number(b.amount) : 0,
        currency: b.currency,
        customer: b.customer ?? null,
        description: b.description ?? null,
        metadata,
        payment_method: pm.id,
        allowed_payment_method_types: b.allowed_payment_method_types ?? ['card'],
        payment_method_types: ['card'],
        setup_future_usage: b.setup_future_usage ?? null,
        client_secret: `${id}_secret_${rand(24)}`,
        status,
        next_action: test.auth ? { type: 'use_stripe_sdk', use_stripe_sdk: {} } : null,
        last_payment_error: test.decline
          ? { type: 'card_error', code: 'card_declined', decline_code: test.decline[0], message: test.decline[1] }
          : null,
        latest_charge: null,
        canceled_at: null,
      },
      id,
    )
    if (status === 'succeeded') charged(intent)
    return intent
  }
  const othersCard = () =>
    new Fail(400, {
      type: 'invalid_request_error',
      code: 'parameter_invalid',
      param: 'payment_method',
      message: 'The PaymentMethod belongs to another customer.',
    })
  /** A list endpoint's filters as the SDK sends them: `customer`, `created[gte]`, newest first. */
  const listed = (object: string, b: Obj, extra: (o: Obj) => boolean = () => true) =>
    [...objects.values()]
      .filter(
        (o) =>
          o.object === object &&
          (!b.customer || o.customer === b.customer) &&
          (b.created?.gte === undefined || o.created >= Number(b.created.gte)) &&
          extra(o),
      )
      .reverse()
  /** A subscription with `latest_invoice` (and its `payments`) expanded as asked. */
  const expanded = (sub: Obj, expand: string[] = []) => {
    if (!expand.some((e) => e.startsWith('latest_invoice'))) return sub
    const invoice = get('invoice', sub.latest_invoice)
    const withPayments = expand.includes('latest_invoice.payments')
      ? { ...invoice, payments: list(`/v1/invoice_payments?invoice=${invoice.id}`, payments.get(invoice.id) ?? []) }
      : invoice
    return { ...sub, latest_invoice: withPayments }
  }
  const couponOff = (discounts: Obj[] | undefined, amount: number) => {
    const id = discounts?.[0]?.coupon
    if (!id) return 0
    const c = get('coupon', id)
    return c.percent_off !== null ? Math.round((amount * c.percent_off) / 100) : Math.min(amount, c.amount_off)
  }
  /** Stripe's recurring intervals: day, week, month or year, times `interval_count`, at most one year. */
  const periodEnd = (start: number, interval: string, count = 1) => {
    const d = new Date(start * 1000)
    const days = { day: 1, week: 7 }[interval]
    if (days) d.setUTCDate(d.getUTCDate() + days * count)
    else if (interval === 'month') d.setUTCMonth(d.getUTCMonth() + count)
    else if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + count)
    else throw invalid(`Invalid recurring[interval]: ${interval}`)
    if (d.getTime() - start * 1000 > 366 * 86_400_000) {
      throw invalid('The maximum billing period is 1 year (365 days, 52 weeks or 12 months).')
    }
    return Math.floor(d.getTime() / 1000)
  }
  const list = (url: string, data: Obj[]) => ({ object: 'list', data, has_more: false, url })

  /** `METHOD /path`, `:id` standing for one path segment → the handler (form body, that segment). */
  const routes: Record<string, (b: Obj, id: string) => Obj> = {
    'POST /v1/customers': (b) =>
      make('cus', 'customer', {
        email: b.email ?? null,
        name: b.name ?? null,
        metadata: b.metadata ?? {},
        invoice_settings: { default_payment_method: null },
      }),
    'POST /v1/customers/:id': (b, id) => {
      const customer = get('customer', id)
      const pm = b.invoice_settings?.default_payment_method
      if (pm !== undefined) {
        if (objects.get(pm)?.customer !== id) {
          throw invalid(`The customer does not have a payment method with the ID ${pm}.`, 'resource_missing')
        }
        customer.invoice_settings = { ...customer.invoice_settings, default_payment_method: pm }
      }
      return customer
    },
    'POST /v1/payment_methods/:id/attach': (b, id) => {
      get('customer', b.customer)
      const pm = paymentMethod(id)
      if (behaviourOf(pm).declineOnAttach) throw cardError(pm)
      if (pm.customer && pm.customer !== b.customer) throw othersCard()
      pm.customer = b.customer
      return pm
    },
    'GET /v1/payment_methods/:id': (_b, id) => paymentMethod(id),
    'GET /v1/payment_methods': (b) => {
      const mine = (o: Obj) =>
        o.object === 'payment_method' && o.customer === b.customer && (!b.type || o.type === b.type)
      return list('/v1/payment_methods', [...objects.values()].filter(mine))
    },
    'POST /v1/payment_intents': (b) => {
      if (!(Number(b.amount) > 0) || !b.currency) throw invalid('amount and currency are required', 'parameter_missing')
      if (b.customer) get('customer', b.customer)
      const pm = paymentMethod(b.payment_method)
      if (pm.customer && pm.customer !== b.customer) throw othersCard()
      if (b.confirm !== 'true') throw invalid('This stand-in confirms on creation only (confirm=true).')
      const intent = confirm(b, pm)
      if (intent.status === 'requires_payment_method') throw cardError(pm, intent)
      if (intent.status === 'succeeded' && b.setup_future_usage && b.customer) pm.customer = b.customer
      return intent
    },
    'GET /v1/payment_intents/:id': (_b, id) => get('payment_intent', id),
    'GET /v1/payment_intents': (b) => list('/v1/payment_intents', listed('payment_intent', b)),
    // What Stripe.js does once the viewer passed 3-D Secure (the browser's call, with the client secret).
    'POST /v1/payment_intents/:id/confirm': (b, id) => {
      const intent = get('payment_intent', id)
      if (b.client_secret !== undefined && b.client_secret !== intent.client_secret) {
        throw invalid('The client_secret provided does not match the client_secret associated with the PaymentIntent.')
      }
      if (intent.status !== 'requires_action') {
        throw invalid(
          `This PaymentIntent's status is ${intent.status}; it cannot be confirmed.`,
          'payment_intent_unexpected_state',
        )
      }
      Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, next_action: null })
      charged(intent)
      const invoiceId = invoiceOfIntent.get(intent.id)
      if (invoiceId) {
        const invoice = get('invoice', invoiceId)
        Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due })
        for (const record of payments.get(invoiceId) ?? [])
          Object.assign(record, { status: 'paid', amount_paid: invoice.amount_due })
        const sub = objects.get(invoice.parent.subscription_details.subscription)
        if (sub?.status === 'incomplete') sub.status = 'active'
      }
      return intent
    },
    'POST /v1/payment_intents/:id/cancel': (_b, id) => {
      const intent = get('payment_intent', id)
      if (['succeeded', 'canceled', 'processing'].includes(intent.status)) {
        throw invalid(
          `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
          'payment_intent_unexpected_state',
        )
      }
      if (invoiceOfIntent.has(intent.id)) {
        throw invalid('You cannot cancel this PaymentIntent because it was created by an invoice.')
      }
      return Object.assign(intent, { status: 'canceled', canceled_at: now(), next_action: null })
    },
    'POST /v1/refunds': (b) => {
      const charge = b.charge
        ? get('charge', b.charge)
        : get('charge', get('payment_intent', b.payment_intent).latest_charge)
      const amount = b.amount === undefined ? charge.amount - charge.amount_refunded : Number(b.amount)
      if (!(amount > 0) || charge.amount_refunded + amount > charge.amount) {
        throw invalid(`Refund amount (${amount}) is greater than what is left on the charge.`, 'amount_too_large')
      }
      charge.amount_refunded += amount
      charge.refunded = charge.amount_refunded === charge.amount
      const fields = { amount, charge: charge.id, payment_intent: charge.payment_intent, currency: charge.currency }
      return make('re', 'refund', { ...fields, status: 'succeeded', metadata: b.metadata ?? {} })
    },
    'POST /v1/products': (b) => {
      if (b.id && objects.has(b.id)) throw invalid('Product already exists.', 'resource_already_exists')
      return make('prod', 'product', { name: b.name, active: true, metadata: b.metadata ?? {} }, b.id)
    },
    'POST /v1/coupons': (b) => {
      if (b.id && objects.has(b.id)) throw invalid('Coupon already exists.', 'resource_already_exists')
      if ((b.percent_off === undefined) === (b.amount_off === undefined)) {
        throw invalid('Exactly one of percent_off and amount_off is required.')
      }
      if (b.amount_off !== undefined && !b.currency) throw invalid('amount_off needs a currency.', 'parameter_missing')
      const fields = {
        percent_off: b.percent_off === undefined ? null : Number(b.percent_off),
        amount_off: b.amount_off === undefined ? null : Number(b.amount_off),
        currency: b.currency ?? null,
        duration: b.duration ?? 'once',
        valid: true,
      }
      return make('', 'coupon', fields, b.id ?? rand(8).toUpperCase())
    },
    'POST /v1/subscriptions': (b) => {
      const customer = get('customer', b.customer)
      const data = b.items?.[0]?.price_data
      if (!data) throw invalid('This stand-in prices subscriptions with items[0][price_data] only.')
      get('product', data.product)
      const price = make('price', 'price', {
        currency: data.currency,
        product: data.product,
        unit_amount: Number(data.unit_amount),
        recurring: { interval: data.recurring?.interval, interval_count: Number(data.recurring?.interval_count ?? 1) },
        type: 'recurring',
      })
      const pmId = b.default_payment_method ?? customer.invoice_settings.default_payment_method
      const pm = pmId ? get('PaymentMethod', pmId, 'payment_method') : null
      if (pm && pm.customer !== customer.id) throw invalid(`The customer does not have a payment method ${pmId}.`)
      const start = now()
      const trial = Number(b.trial_period_days ?? 0)
      const end =
        trial > 0 ? start + trial * 86_400 : periodEnd(start, price.recurring.interval, price.recurring.interval_count)
      const due = trial > 0 ? 0 : price.unit_amount - couponOff(b.discounts, price.unit_amount)
      if (due > 0 && !pm) throw invalid('This customer has no attached payment source or default payment method.')
      // The first invoice is paid at once; `error_if_incomplete` makes a failed payment an error, nothing created.
      const intent =
        pm && due > 0 ? confirm({ amount: due, currency: price.currency, customer: customer.id }, pm, {}) : null
      const paid = !intent || intent.status === 'succeeded'
      if (!paid && b.payment_behavior === 'error_if_incomplete') throw cardError(pm as Obj, intent as Obj)
      const id = `sub_${rand(14)}`
      const metadata = b.metadata ?? {}
      const invoice = make('in', 'invoice', {
        customer: customer.id,
        status: paid ? 'paid' : 'open',
        billing_reason: 'subscription_create',
        currency: price.currency,
        subtotal: trial > 0 ? 0 : price.unit_amount,
        total: due,
        amount_due: due,
        amount_paid: paid ? due : 0,
        parent: { type: 'subscription_details', subscription_details: { subscription: id, metadata } },
      })
      const payment = { type: 'payment_intent', payment_intent: intent?.id }
      const status = paid ? 'paid' : 'open'
      const record = { id: `inpay_${rand(14)}`, object: 'invoice_payment', invoice: invoice.id, payment, status }
      payments.set(invoice.id, intent ? [{ ...record, amount_paid: paid ? due : 0, livemode: false }] : [])
      if (intent) invoiceOfIntent.set(intent.id, invoice.id)
      const item = { id: `si_${rand(14)}`, object: 'subscription_item', price, quantity: 1 }
      const sub = make(
        'sub',
        'subscription',
        {
          customer: customer.id,
          status: trial > 0 ? 'trialing' : paid ? 'active' : 'incomplete',
          cancel_at_period_end: false,
          cancel_at: null,
          default_payment_method: pmId ?? null,
          metadata,
          discounts: b.discounts ? [`di_${rand(14)}`] : [],
          trial_start: trial > 0 ? start : null,
          trial_end: trial > 0 ? end : null,
          // Since API version 2025-03-31 the period lives on the items, not on the subscription.
          items: list('/v1/subscription_items', [{ ...item, current_period_start: start, current_period_end: end }]),
          latest_invoice: invoice.id,
        },
        id,
      )
      // `latest_invoice` stays an id unless expanded, and an invoice's `payments` only come on request.
      return expanded(sub, b.expand)
    },
    'GET /v1/subscriptions': (b) => {
      const status = (o: Obj) =>
        b.status === undefined ? o.status !== 'canceled' : b.status === 'all' || o.status === b.status
      return list('/v1/subscriptions', listed('subscription', b, status))
    },
    'GET /v1/subscriptions/:id': (b, id) => expanded(get('subscription', id), b.expand),
    'DELETE /v1/subscriptions/:id': (_b, id) => {
      const sub = get('subscription', id)
      if (sub.status === 'canceled') throw invalid(`No such subscription: '${id}'`, 'resource_missing')
      // Cancelling ends it now: an invoice still open is voided, so its payment can never go through.
      const invoice = objects.get(sub.latest_invoice)
      if (invoice?.status === 'open') {
        invoice.status = 'void'
        for (const [pi, inv] of invoiceOfIntent) {
          const intent = objects.get(pi)
          if (inv === invoice.id && intent && intent.status !== 'succeeded') intent.status = 'canceled'
        }
      }
      return Object.assign(sub, { status: 'canceled', canceled_at: now(), ended_at: now() })
    },
    'POST /v1/subscriptions/:id': (b, id) => {
      const sub = get('subscription', id)
      if (b.cancel_at_period_end !== undefined) {
        sub.cancel_at_period_end = b.cancel_at_period_end === 'true'
        sub.cancel_at = sub.cancel_at_period_end ? sub.items.data[0].current_period_end : null
      }
      return sub
    },
    'POST /v1/setup_intents': (b) => {
      if (b.customer) get('customer', b.customer)
      const id = `seti_${rand(14)}`
      const fields = {
        customer: b.customer ?? null,
        usage: b.usage ?? 'off_session',
        allowed_payment_method_types: b.allowed_payment_method_types ?? ['card'],
        payment_method_types: ['card'],
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${rand(24)}`,
      }
      return make('seti', 'setup_intent', fields, id)
    },
    'POST /v1/invoices/create_preview': (b) => {
      get('customer', b.customer)
      const item = b.subscription_details?.items?.[0]?.price_data
      if (!item) throw invalid('This stand-in previews subscription_details[items][0][price_data] only.')
      get('product', item.product)
      const subtotal = Number(item.unit_amount)
      const off = couponOff(b.discounts, subtotal)
      return {
        id: `upcoming_in_${rand(14)}`,
        object: 'invoice',
        customer: b.customer,
        currency: b.currency ?? item.currency,
        subtotal,
        total_discount_amounts: off > 0 ? [{ amount: off, discount: `di_${rand(14)}` }] : [],
        total_taxes: [],
        total: subtotal - off,
        amount_due: subtotal - off,
        created: now(),
        livemode: false,
      }
    },
    'POST /v1/billing_portal/sessions': (b) => {
      get('customer', b.customer)
      const url = `https://billing.stripe.test/session/${b.customer}`
      return make('bps', 'billing_portal.session', { customer: b.customer, return_url: b.return_url ?? null, url })
    },
  }

  const table = Object.entries(routes).map(([route, handler]) => {
    const [method, path] = route.split(' ') as [string, string]
    return [method, new RegExp(`^${path.replace(':id', '([^/]+)')}$`), handler] as const
  })

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString()
      const method = req.method ?? 'GET'
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      const body = decodeForm(method === 'GET' ? url.search.slice(1) : raw)
      const key = method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined
      requests.push({ method, path: url.pathname, body, idempotencyKey: key })
      const send = (status: number, payload: unknown, replayed = false) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_${rand(14)}`,
          ...(key ? { 'idempotency-key': key } : {}),
          ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
        })
        res.end(JSON.stringify(payload))
      }
      const browserConfirm =
        opts.publishableKey !== undefined &&
        req.headers.authorization === `Bearer ${opts.publishableKey}` &&
        method === 'POST' &&
        /^\/v1\/payment_intents\/[^/]+\/confirm$/.test(url.pathname) &&
        typeof body.client_secret === 'string'
      if (req.headers.authorization !== `Bearer ${opts.secretKey}` && !browserConfirm) {
        const message = 'Invalid API Key provided: sk_test_****'
        return send(401, { error: { type: 'invalid_request_error', message } })
      }
      const fingerprint = `${method} ${url.pathname} ${raw}`
      const seen = key ? replies.get(key) : undefined
      if (seen) {
        if (seen.request === fingerprint) return send(seen.status, seen.body, true)
        const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`
        return send(400, { error: { type: 'idempotency_error', message } })
      }
      const route = table.find(([m, pattern]) => m === method && pattern.test(url.pathname))
      let status = 200
      let answer: unknown
      if (!route) {
        status = 404
        const message = `Unrecognized request URL (${method}: ${url.pathname}).`
        answer = { error: { type: 'invalid_request_error', message } }
      } else {
        try {
          answer = route[2](body, decodeURIComponent(url.pathname.match(route[1])?.[1] ?? ''))
        } catch (error) {
          if (!(error instanceof Fail)) throw error
          status = error.status
          answer = { error: error.error }
        }
      }
      if (key) replies.set(key, { request: fingerprint, status, body: answer })
      send(status, answer)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  const sdk = new Stripe(opts.secretKey)

  /** A Stripe event around `object`, with its `Stripe-Signature` (another secret or an old timestamp on request). */
  const signedEvent = (type: string, object: Obj, sign: { secret?: string; timestamp?: number } = {}) => {
    const request = { id: null, idempotency_key: null }
    const event = { id: `evt_${rand(24)}`, object: 'event', api_version: Stripe.API_VERSION, created: now() }
    const payload = JSON.stringify({ ...event, data: { object }, livemode: false, pending_webhooks: 1, request, type })
    const header = sdk.webhooks.generateTestHeaderString({
      payload,
      secret: sign.secret ?? opts.webhookSecret,
      ...(sign.timestamp !== undefined ? { timestamp: sign.timestamp } : {}),
    })
    return { payload, header }
  }

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    objects,
    /** Where `deliver` posts events. */
    webhookUrl: opts.webhookUrl,
    signedEvent,
    /** Posts a signed event to `webhookUrl`, as Stripe delivers webhooks; resolves to the endpoint's answer. */
    async deliver(type: string, object: Obj, sign: { secret?: string; timestamp?: number } = {}) {
      if (!this.webhookUrl) throw new Error('stripe stand-in: no webhookUrl to deliver to')
      const { payload, header } = signedEvent(type, object, sign)
      const res = await fetch(this.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
        body: payload,
      })
      const text = await res.text()
      return { status: res.status, body: text ? (JSON.parse(text) as any) : undefined }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A running stand-in. */
export type StripeStandin = Awaited<ReturnType<typeof startStripeStandin>>
