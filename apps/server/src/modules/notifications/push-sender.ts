import fs from 'node:fs'
import { Agent } from 'node:https'
import path from 'node:path'
import webpush from 'web-push'

/**
 * Web push (RFC 8030, payloads encrypted per RFC 8291, the server identified by VAPID, RFC 8292) through
 * the `web-push` library. The keys: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set (every API and worker
 * process must share them: a browser subscribed with one public key takes pushes signed by its pair only),
 * else a pair made at first start and kept in DATA_DIR/secrets/vapid.json, readable by this user only.
 */
export interface VapidKeys {
  publicKey: string
  privateKey: string
}

export function loadVapidKeys(configured: Partial<VapidKeys>, dataDir: string): VapidKeys {
  if (configured.publicKey && configured.privateKey)
    return { publicKey: configured.publicKey, privateKey: configured.privateKey }
  const file = path.join(dataDir, 'secrets', 'vapid.json')
  try {
    const kept = JSON.parse(fs.readFileSync(file, 'utf8')) as VapidKeys
    if (kept.publicKey && kept.privateKey) return kept
  } catch {
    // None yet.
  }
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
  const keys = webpush.generateVAPIDKeys()
  try {
    fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' })
    return keys
  } catch (error) {
    // Another process made them first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      return JSON.parse(fs.readFileSync(file, 'utf8')) as VapidKeys
    throw error
  }
}

/**
 * The push services a subscription may name. The server sends to whatever endpoint a browser gave, so
 * an endpoint is a URL a viewer chose: only HTTPS on the browsers' own push services is taken (Chrome's
 * and Edge's FCM, Firefox's autopush, Safari's and Windows' services), plus the origins an operator adds
 * (`PUSH_ENDPOINT_ORIGINS`; the tests' loopback service). Anything else could make the server call
 * into its own network.
 */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'web.push.apple.com',
  'notify.windows.com',
]

export function pushEndpointAllowed(endpoint: string, extraOrigins: readonly string[]) {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return false
  }
  if (extraOrigins.includes(url.origin)) return true
  if (url.protocol !== 'https:' || url.port !== '' || url.username || url.password) return false
  const host = url.hostname.toLowerCase()
  return PUSH_SERVICE_HOSTS.some((h) => host === h || host.endsWith(`.${h}`))
}

export type PushOutcome = 'sent' | 'gone' | 'retry' | 'failed'

export interface PushSender {
  publicKey: string
  /** Sends one payload; `gone` when the push service says the subscription is no more (404, 410). */
  send(
    subscription: { endpoint: string; p256dh: string; auth: string },
    payload: string,
    options: { topic: string; ttlS: number; urgency: 'high' | 'normal' },
  ): Promise<{ outcome: PushOutcome; detail?: string }>
}

export function createPushSender(
  keys: VapidKeys,
  subject: string,
  options: { agent?: Agent | undefined; timeoutMs?: number } = {},
): PushSender {
  // Connections to a push service are kept and reused: a fan-out sends thousands to a handful of hosts.
  const agent = options.agent ?? new Agent({ keepAlive: true, maxSockets: 16 })
  return {
    publicKey: keys.publicKey,
    async send(s, payload, how) {
      try {
        await webpush.sendNotification({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, payload, {
          vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: how.ttlS,
          // A repeat with the same topic replaces one the service still holds, never adds a second.
          topic: how.topic,
          urgency: how.urgency,
          timeout: options.timeoutMs ?? 10_000,
          agent,
        })
        return { outcome: 'sent' }
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode
        if (status === 404 || status === 410) return { outcome: 'gone', detail: `push service answered ${status}` }
        // Throttled or down: the send goes again later. A request the service refuses outright does not.
        if (status === undefined || status === 429 || status >= 500)
          return { outcome: 'retry', detail: status ? `push service answered ${status}` : (error as Error).message }
        return { outcome: 'failed', detail: `push service answered ${status}` }
      }
    },
  }
}
