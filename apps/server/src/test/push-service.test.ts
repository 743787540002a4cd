import https from 'node:https'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import webpush, { type PushSubscription, type RequestDetails, type RequestOptions, type VapidKeys } from 'web-push'
import { newSubscriptionKeys, type PushService, startPushService } from './push-service.js'

const subject = 'mailto:ops@example.com'

/**
 * A POST with exactly these headers. Not fetch: Node's fetch can't be told to trust one self-signed certificate
 * without undici's own Agent, and https.request can.
 */
function post(service: PushService, endpoint: string, headers: Record<string, string>, body: Buffer | null) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = https.request(endpoint, { method: 'POST', headers, ca: service.ca }, (res) => {
      let text = ''
      res.on('data', (c) => {
        text += c
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
    })
    req.on('error', reject)
    req.end(body ?? undefined)
  })
}

describe('push service stand-in', () => {
  let service: PushService
  const vapid = webpush.generateVAPIDKeys()
  const send = (
    subscription: PushSubscription,
    payload: string | null,
    keys: VapidKeys = vapid,
    extra: RequestOptions = {},
  ) =>
    webpush.sendNotification(subscription, payload, {
      vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: 60,
      topic: 'event-12-live',
      urgency: 'high',
      agent: service.agent,
      ...extra,
    })
  /** The request web-push would send, to take apart before sending it by hand. */
  const requestFor = (subscription: PushSubscription, payload: string, keys: VapidKeys = vapid) =>
    webpush.generateRequestDetails(subscription, payload, {
      vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: 60,
    })
  const headersOf = (details: RequestDetails) =>
    Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]))

  beforeAll(async () => {
    service = await startPushService()
  })
  afterAll(() => service.close())

  it('takes a message from web-push, checks its VAPID token and decrypts it', async () => {
    const subscription = service.subscribe()
    expect(subscription.endpoint).toMatch(new RegExp(`^${service.url}/push/[\\w-]+$`))
    const payload = JSON.stringify({ title: 'Kick-off', body: 'Event 12 is live — join now', url: '/events/12' })

    const result = await send(subscription, payload)

    expect(result.statusCode).toBe(201)
    expect(result.headers.location).toMatch(new RegExp(`^${service.url}/message/`))
    const message = await service.next(subscription.endpoint)
    expect(message).toMatchObject({
      endpoint: subscription.endpoint,
      payload,
      ttl: 60,
      urgency: 'high',
      topic: 'event-12-live',
      vapid: { publicKey: vapid.publicKey, subject },
    })
    expect(message.receivedAt).toBeInstanceOf(Date)
    expect(service.requests.at(-1)).toMatchObject({ endpoint: subscription.endpoint, status: 201 })
  })

  it('waits for a matching message and hands each out once', async () => {
    const subscription = service.subscribe(newSubscriptionKeys())
    const later = service.next(subscription.endpoint, (m) => m.payload === 'second')
    await send(subscription, 'first', vapid, { urgency: 'low', topic: undefined })
    await send(subscription, 'second')
    expect((await later).payload).toBe('second')
    const first = await service.next(subscription.endpoint)
    expect(first).toMatchObject({ payload: 'first', urgency: 'low', topic: undefined })
    await expect(service.next(subscription.endpoint, undefined, 100)).rejects.toThrow(/no push/)
    expect(service.to(subscription.endpoint)).toHaveLength(2)
  })

  it('takes a push without a payload', async () => {
    const subscription = service.subscribe()
    await send(subscription, null)
    expect((await service.next(subscription.endpoint)).payload).toBe('')
  })

  it('answers 404 for an endpoint it never made', async () => {
    const { p256dh, auth } = newSubscriptionKeys()
    const endpoint = `${service.url}/push/never-made`
    const refused = await send({ endpoint, keys: { p256dh, auth } }, 'hello').catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(webpush.WebPushError)
    expect(refused).toMatchObject({ statusCode: 404, endpoint })
  })

  it('answers 410 Gone once a subscription expires', async () => {
    const subscription = service.subscribe()
    await send(subscription, 'before')
    service.expire(subscription.endpoint)
    await expect(send(subscription, 'after')).rejects.toMatchObject({ statusCode: 410 })
    expect(service.to(subscription.endpoint).map((m) => m.payload)).toEqual(['before'])
    expect(service.requests.filter((r) => r.endpoint === subscription.endpoint).map((r) => r.status)).toEqual([
      201, 410,
    ])
  })

  it('answers 401 without a VAPID token', async () => {
    const subscription = service.subscribe()
    const details = requestFor(subscription, 'hello')
    const { Authorization: _, ...headers } = headersOf(details)
    const res = await post(service, subscription.endpoint, headers, details.body)
    expect(res.status).toBe(401)
    expect(res.body).toMatch(/no Authorization/)
    expect(service.to(subscription.endpoint)).toEqual([])
  })

  it('answers 401 when the token is not signed by the key it names', async () => {
    const subscription = service.subscribe()
    const details = requestFor(subscription, 'hello', webpush.generateVAPIDKeys())
    const headers = headersOf(details)
    // Signed by one key, claiming to be another.
    headers.Authorization = headers.Authorization!.replace(/k=[\w-]+/, `k=${vapid.publicKey}`)
    const res = await post(service, subscription.endpoint, headers, details.body)
    expect(res).toMatchObject({ status: 401, body: expect.stringMatching(/signature/) })
  })

  it('answers 401 for a token for another audience, or one that has expired', async () => {
    const subscription = service.subscribe()
    const details = requestFor(subscription, 'hello')
    const tokenFor = (audience: string, expiration?: number) =>
      webpush.getVapidHeaders(audience, subject, vapid.publicKey, vapid.privateKey, 'aes128gcm', expiration)
        .Authorization
    const withAuth = (Authorization: string) =>
      post(service, subscription.endpoint, { ...headersOf(details), Authorization }, details.body)

    expect(await withAuth(tokenFor('https://fcm.googleapis.com'))).toMatchObject({
      status: 401,
      body: expect.stringMatching(/aud/),
    })
    const past = Math.floor(Date.now() / 1000) - 60
    expect(await withAuth(tokenFor(service.url, past))).toMatchObject({
      status: 401,
      body: expect.stringMatching(/exp/),
    })
    // The same request with a good token goes through: the refusals above were the token's doing.
    expect((await withAuth(tokenFor(service.url))).status).toBe(201)
  })

  it('answers 403 to a sender other than the one the subscription was made for', async () => {
    const subscription = service.subscribe(newSubscriptionKeys(), { applicationServerKey: vapid.publicKey })
    await expect(send(subscription, 'intruder', webpush.generateVAPIDKeys())).rejects.toMatchObject({
      statusCode: 403,
    })
    await expect(send(subscription, 'owner')).resolves.toMatchObject({ statusCode: 201 })
  })

  it('refuses a body encrypted for someone else, or not encrypted at all', async () => {
    const subscription = service.subscribe()
    const other = service.subscribe()
    await expect(send({ ...subscription, keys: other.keys }, 'misdirected')).rejects.toMatchObject({
      statusCode: 400,
      body: expect.stringMatching(/decrypt/),
    })
    const headers = headersOf(requestFor(subscription, 'x'))
    // A different body: its own length, and no encoding.
    delete headers['Content-Encoding']
    delete headers['Content-Length']
    const res = await post(service, subscription.endpoint, headers, Buffer.from('plain text'))
    expect(res.status).toBe(415)
  })

  it('can be slow', async () => {
    const slow = await startPushService({ delayMs: 300 })
    try {
      const subscription = slow.subscribe()
      const started = Date.now()
      await webpush.sendNotification(subscription, 'eventually', {
        vapidDetails: { subject, ...vapid },
        agent: slow.agent,
      })
      expect(Date.now() - started).toBeGreaterThanOrEqual(290)
      await expect(
        webpush.sendNotification(subscription, 'too late', {
          vapidDetails: { subject, ...vapid },
          agent: slow.agent,
          timeout: 50,
        }),
      ).rejects.toThrow(/timeout/i)
    } finally {
      await slow.close()
    }
  })
})
