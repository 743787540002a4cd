/// <reference path="./http-ece.d.ts" />
import { execFile } from 'node:child_process'
import { createECDH, createPublicKey, type ECDH, randomBytes, randomUUID, verify } from 'node:crypto'
import fs from 'node:fs'
import type { IncomingHttpHeaders } from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import ece from 'http_ece'

/**
 * A Web Push service that speaks the real protocol on loopback: the stand-in for FCM / Mozilla autopush (design §6).
 * Push messages (RFC 8030) arrive with a VAPID token (RFC 8292) and an aes128gcm-encrypted body (RFC 8291); it checks
 * the one and decrypts the other the way a browser's push service and the browser would, so a test sees exactly what
 * a user's service worker would get.
 *
 * It listens on HTTPS, not HTTP: the `web-push` library always sends with `https.request`, whatever the endpoint's
 * scheme says. The certificate is self-signed and made at start, so a sender must trust it: pass `service.agent` as
 * web-push's `agent` option in-process, or `NODE_EXTRA_CA_CERTS=service.caFile` to a spawned server.
 */

export type Urgency = 'very-low' | 'low' | 'normal' | 'high'

/** A browser-side subscription's keys; `privateKey` never leaves the "browser" (this module). */
export interface SubscriptionKeys {
  /** The uncompressed P-256 public key, base64url: the subscription's `keys.p256dh`. */
  p256dh: string
  /** The 16-byte auth secret, base64url: the subscription's `keys.auth`. */
  auth: string
  privateKey: ECDH
}

/** What `PushSubscription.toJSON()` gives in a browser, and what the server stores. */
export interface PushSubscriptionJson {
  endpoint: string
  expirationTime: null
  keys: { p256dh: string; auth: string }
}

export interface ReceivedPush {
  endpoint: string
  /** The decrypted body, as the service worker's `event.data.text()` would read it. */
  payload: string
  ttl: number
  urgency: Urgency
  topic: string | undefined
  /** Who sent it: the VAPID key (`k=`) and the JWT's `sub` claim. */
  vapid: { publicKey: string; subject: string | undefined }
  receivedAt: Date
}

/** Every request, accepted or refused, so a test can assert on retries and on what the server gave up on. */
export interface PushRequest {
  method: string
  path: string
  /** The endpoint the request was for, when the path names one. */
  endpoint: string | undefined
  status: number
  /** Why it was refused, also sent as the response body (web-push puts it in WebPushError.body). */
  reason: string | undefined
}

/** Makes keys the way a browser does on `pushManager.subscribe()`. */
export function newSubscriptionKeys(): SubscriptionKeys {
  const privateKey = createECDH('prime256v1')
  privateKey.generateKeys()
  return {
    p256dh: privateKey.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
    privateKey,
  }
}

const b64url = (s: string) => Buffer.from(s, 'base64url')
const URGENCIES: readonly string[] = ['very-low', 'low', 'normal', 'high']
/** RFC 8030 §5.4: a topic is at most 32 characters of the URL-safe base64 alphabet. */
const TOPIC = /^[A-Za-z0-9_-]{1,32}$/
/** RFC 8030 §7.2: a push service must take 4096 octets of payload, and may refuse more. */
const MAX_BODY = 4096
const DAY_S = 24 * 60 * 60

class Refusal extends Error {
  constructor(
    readonly status: number,
    reason: string,
  ) {
    super(reason)
  }
}

/**
 * Checks `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292 §3): an ES256 JWT signed by the key `k`, for this
 * service's origin, not expired and not valid for more than a day. Throws a 401 Refusal otherwise.
 */
function checkVapid(header: string | undefined, audience: string) {
  const refuse = (why: string) => new Refusal(401, `VAPID: ${why}`)
  const scheme = /^vapid\s+(.*)$/i.exec(header ?? '')
  if (!scheme?.[1]) throw refuse('no Authorization: vapid header')
  const params = new Map(
    scheme[1].split(',').map((p) => {
      const eq = p.indexOf('=')
      return [p.slice(0, eq).trim().toLowerCase(), p.slice(eq + 1).trim()] as const
    }),
  )
  const token = params.get('t')
  const k = params.get('k')
  if (!token || !k) throw refuse('t= and k= are both required')
  const [head = '', body = '', signature = ''] = token.split('.')
  const publicKey = b64url(k)
  // An uncompressed P-256 point: 0x04, then x and y of 32 bytes each.
  if (publicKey.length !== 65 || publicKey[0] !== 4) throw refuse('k is not an uncompressed P-256 key')
  let claims: { aud?: unknown; exp?: unknown; sub?: unknown }
  try {
    if (JSON.parse(b64url(head).toString()).alg !== 'ES256') throw refuse('alg must be ES256')
    claims = JSON.parse(b64url(body).toString())
  } catch (e) {
    throw e instanceof Refusal ? e : refuse('the token is not a JWT')
  }
  let valid = false
  try {
    const key = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: publicKey.subarray(1, 33).toString('base64url'),
        y: publicKey.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    })
    // A JWS ES256 signature is r||s (64 bytes), not the DER that crypto.verify expects by default.
    valid = verify('sha256', Buffer.from(`${head}.${body}`), { key, dsaEncoding: 'ieee-p1363' }, b64url(signature))
  } catch {
    // A key that is not a point on the curve: as good as a wrong signature.
  }
  if (!valid) throw refuse('the signature does not verify with k')
  if (claims.aud !== audience) throw refuse(`aud is ${JSON.stringify(claims.aud)}, not ${audience}`)
  const now = Math.floor(Date.now() / 1000)
  if (typeof claims.exp !== 'number' || claims.exp <= now) throw refuse('exp is missing or past')
  if (claims.exp > now + DAY_S) throw refuse('exp is more than 24 hours ahead')
  return { publicKey: k, subject: typeof claims.sub === 'string' ? claims.sub : undefined }
}

/** A self-signed certificate for 127.0.0.1, made with openssl as app.api.test.ts does (node:crypto can't). */
async function makeCertificate() {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'fh-push-'))
  const [keyFile, certFile] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')]
  await promisify(execFile)('openssl', [
    'req',
    '-x509',
    // EC rather than RSA: made in milliseconds.
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-subj',
    '/CN=127.0.0.1',
    // Node checks an IP address against the IP entries of subjectAltName, never the CN.
    '-addext',
    'subjectAltName=IP:127.0.0.1,DNS:localhost',
    '-days',
    '1',
    '-keyout',
    keyFile,
    '-out',
    certFile,
  ])
  return { dir, certFile, key: await fs.promises.readFile(keyFile), cert: await fs.promises.readFile(certFile) }
}

interface Subscription {
  keys: SubscriptionKeys
  /** When set, only this VAPID key may push (RFC 8292 §4.2); another one gets 403. */
  applicationServerKey: string | undefined
  expired: boolean
}

export async function startPushService(
  options: {
    /** Wait this long before answering anything. */ delayMs?: number
    /** Told of each message accepted (a journey's setup hands them to the browser's test). */
    onMessage?: (message: ReceivedPush) => void
  } = {},
) {
  const tls = await makeCertificate()
  const subscriptions = new Map<string, Subscription>()
  const messages: ReceivedPush[] = []
  const requests: PushRequest[] = []
  // Messages next() has handed out: kept in `messages` (the full record) but not returned again.
  const taken = new Set<ReceivedPush>()
  let url = ''

  const idOf = (endpoint: string) => endpoint.slice(endpoint.lastIndexOf('/') + 1)
  const endpointOf = (id: string) => `${url}/push/${id}`

  function accept(req: IncomingHttpHeaders, id: string, body: Buffer): ReceivedPush {
    const sub = subscriptions.get(id)
    if (!sub) throw new Refusal(404, 'no such subscription')
    // 410 is how a sender learns that the user unsubscribed and the subscription is to be dropped (RFC 8030 §7.3).
    if (sub.expired) throw new Refusal(410, 'subscription expired')
    const vapid = checkVapid(req.authorization, url)
    if (sub.applicationServerKey && vapid.publicKey !== sub.applicationServerKey)
      throw new Refusal(403, 'VAPID key is not the one the subscription was made with')

    // RFC 8030 §5.2: a sender MUST send TTL; autopush answers 400 without it, and so does this.
    const ttlHeader = req.ttl
    if (typeof ttlHeader !== 'string' || !/^\d+$/.test(ttlHeader)) throw new Refusal(400, 'TTL header missing or bad')
    const urgency = req.urgency ?? 'normal'
    if (typeof urgency !== 'string' || !URGENCIES.includes(urgency)) throw new Refusal(400, 'bad Urgency header')
    const topic = req.topic
    if (topic !== undefined && (typeof topic !== 'string' || !TOPIC.test(topic))) throw new Refusal(400, 'bad Topic')

    let payload = ''
    // A push without a body is allowed (a bare "tickle"); one with a body must be encrypted for the subscription.
    if (body.length > 0) {
      if (req['content-encoding'] !== 'aes128gcm') throw new Refusal(415, 'Content-Encoding must be aes128gcm')
      if (body.length > MAX_BODY) throw new Refusal(413, `body over ${MAX_BODY} bytes`)
      try {
        payload = ece
          .decrypt(body, { version: 'aes128gcm', privateKey: sub.keys.privateKey, authSecret: sub.keys.auth })
          .toString('utf8')
      } catch (e) {
        // A real service passes the bytes on blindly and the browser drops them; refusing tells the test instead.
        throw new Refusal(400, `cannot decrypt for this subscription: ${(e as Error).message}`)
      }
    }
    return {
      endpoint: endpointOf(id),
      payload,
      ttl: Number(ttlHeader),
      urgency: urgency as Urgency,
      topic,
      vapid,
      receivedAt: new Date(),
    }
  }

  const server = https.createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', async () => {
      const urlPath = (req.url ?? '/').split('?')[0] ?? '/'
      const id = /^\/push\/([A-Za-z0-9_-]+)$/.exec(urlPath)?.[1]
      let status = 201
      let reason: string | undefined
      const headers: Record<string, string> = {}
      if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs))
      try {
        if (!id) throw new Refusal(404, 'not a push endpoint')
        if (req.method !== 'POST') throw new Refusal(405, 'push endpoints take POST')
        const message = accept(req.headers, id, Buffer.concat(chunks))
        messages.push(message)
        options.onMessage?.(message)
        // RFC 8030 §5: 201 and a Location naming the message; the TTL header echoes what the service will keep.
        headers.location = `${url}/message/${randomUUID()}`
        headers.ttl = String(message.ttl)
      } catch (e) {
        // Anything but a Refusal is a bug here: a 500 that says so, rather than an unhandled rejection.
        status = e instanceof Refusal ? e.status : 500
        reason = e instanceof Error ? e.message : String(e)
      }
      requests.push({
        method: req.method ?? '',
        path: urlPath,
        endpoint: id ? endpointOf(id) : undefined,
        status,
        reason,
      })
      res.writeHead(status, { ...headers, 'content-type': 'text/plain' }).end(reason ?? '')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`
  const ca = tls.cert.toString()
  // An agent that trusts this service alone; web-push takes it as its `agent` option.
  const agent = new https.Agent({ ca })

  const known = (endpoint: string) => {
    const sub = subscriptions.get(idOf(endpoint))
    if (!sub) throw new Error(`not an endpoint of this push service: ${endpoint}`)
    return sub
  }

  return {
    /** The origin, which is also the `aud` a VAPID token must name. */
    url,
    /** The self-signed certificate (PEM), to trust, and its file (for NODE_EXTRA_CA_CERTS). */
    ca,
    caFile: tls.certFile,
    agent,
    messages,
    requests,
    /**
     * Registers a subscription, as a browser would on `pushManager.subscribe()`. `applicationServerKey` (a VAPID
     * public key, base64url) restricts it to that sender, as browsers do.
     */
    subscribe(
      keys: SubscriptionKeys = newSubscriptionKeys(),
      opts: { applicationServerKey?: string } = {},
    ): PushSubscriptionJson {
      // Random like a real endpoint, so tests can't lean on guessable ids.
      const id = randomBytes(12).toString('base64url')
      subscriptions.set(id, { keys, applicationServerKey: opts.applicationServerKey, expired: false })
      return { endpoint: endpointOf(id), expirationTime: null, keys: { p256dh: keys.p256dh, auth: keys.auth } }
    },
    /** From now on the endpoint answers 410 Gone, as when the user revokes permission or the browser unsubscribes. */
    expire(endpoint: string) {
      known(endpoint).expired = true
    },
    /** Waits for the next message to `endpoint` (one not returned before) that matches, and returns it. */
    async next(endpoint: string, predicate?: (m: ReceivedPush) => boolean, timeoutMs = 10_000): Promise<ReceivedPush> {
      known(endpoint)
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = messages.find((m) => m.endpoint === endpoint && !taken.has(m) && (predicate?.(m) ?? true))
        if (found) {
          taken.add(found)
          return found
        }
        if (Date.now() > deadline)
          throw new Error(`no push to ${endpoint}${predicate ? ' matching the predicate' : ''} in ${timeoutMs} ms`)
        await new Promise((r) => setTimeout(r, 25))
      }
    },
    /** Messages to `endpoint` received so far, without waiting. */
    to: (endpoint: string) => messages.filter((m) => m.endpoint === endpoint),
    async close() {
      agent.destroy()
      // Keep-alive sockets would hold close() open.
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await fs.promises.rm(tls.dir, { recursive: true, force: true })
    },
  }
}

export type PushService = Awaited<ReturnType<typeof startPushService>>
