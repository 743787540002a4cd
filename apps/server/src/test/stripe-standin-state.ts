import { randomBytes } from 'node:crypto'

// What the Stripe stand-in (stripe-standin.ts) holds and how it behaves: its objects, Stripe's test cards,
// charges and confirmations, lists, and the errors Stripe answers with.

/** A Stripe object as the stand-in keeps and answers it. */
export type Obj = Record<string, any>

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
export class Fail {
  constructor(
    readonly status: number,
    readonly error: Obj,
  ) {}
}
const missing = (kind: string, id: unknown) =>
  new Fail(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'` })
export const invalid = (message: string, code = 'parameter_invalid') =>
  new Fail(400, { type: 'invalid_request_error', code, message })

/** A random id part of `n` letters and digits. */
export const rand = (n = 12) => randomBytes(n).toString('base64url').replace(/[-_]/g, 'x').slice(0, n)
/** Stripe's clock: seconds since the epoch. */
export const now = () => Math.floor(Date.now() / 1000)
/** A Stripe list object. */
export const list = (url: string, data: Obj[]) => ({ object: 'list', data, has_more: false, url })
/** Stripe's answer to using a PaymentMethod attached to another customer. */
export const othersCard = () =>
  new Fail(400, {
    type: 'invalid_request_error',
    code: 'parameter_invalid',
    param: 'payment_method',
    message: 'The PaymentMethod belongs to another customer.',
  })
/** Stripe's recurring intervals: day, week, month or year, times `interval_count`, at most one year. */
export const periodEnd = (start: number, interval: string, count = 1) => {
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

/** The objects Stripe holds for one stand-in, and the Stripe behaviour its routes share. */
export function createStandinState() {
  const objects = new Map<string, Obj>()
  const payments = new Map<string, Obj[]>() // invoice id → its InvoicePayments (included on expand only)
  const invoiceOfIntent = new Map<string, string>() // pi id → the invoice it pays
  const cardOf = new Map<string, string>() // pm id → the test PaymentMethod it came from
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
  return {
    objects,
    payments,
    invoiceOfIntent,
    make,
    get,
    behaviourOf,
    paymentMethod,
    cardError,
    charged,
    confirm,
    listed,
    expanded,
    couponOff,
  }
}

/** One stand-in's object store and shared behaviour. */
export type StandinState = ReturnType<typeof createStandinState>
