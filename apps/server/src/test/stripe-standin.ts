import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'
import { standinRoutes } from './stripe-standin-routes.js'
import { createStandinState, decodeForm, Fail, now, type Obj, rand } from './stripe-standin-state.js'

export { decodeForm }

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
  const state = createStandinState()
  const { objects } = state
  const table = standinRoutes(state)

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
