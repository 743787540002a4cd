import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * The score feed's signature (decision 0057), Stripe's scheme: the header is
 * `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. The secret of a channel is not
 * stored: it is derived from the server's secret, the channel and the feed's generation, so rotating
 * (a new generation) makes every earlier secret fail.
 */
export function feedSecret(serverSecret: Buffer, channelId: number, generation: number): string {
  return createHmac('sha256', serverSecret).update(`score-feed:${channelId}:${generation}`).digest('base64url')
}

/** The header a bridge sends for `rawBody` at `t` (unix seconds). */
export function signFeed(secret: string, t: number, rawBody: string | Buffer): string {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest('hex')}`
}

export type FeedVerdict = 'ok' | 'missing' | 'stale' | 'bad'

/**
 * Whether `header` signs `rawBody` with `secret` within `toleranceS` of `nowS`. Several `v1` are
 * allowed (any one matching passes); the comparison takes the same time whatever the bytes.
 */
export function verifyFeed(
  header: string | undefined,
  rawBody: Buffer,
  secret: string,
  nowS: number,
  toleranceS: number,
): FeedVerdict {
  if (!header) return 'missing'
  const parts = header.split(',').map((p) => p.trim().split('='))
  const t = parts.find(([k]) => k === 't')?.[1]
  const signatures = parts.filter(([k, v]) => k === 'v1' && v && /^[0-9a-f]{64}$/i.test(v)).map(([, v]) => v as string)
  if (!t || !/^\d{1,12}$/.test(t) || signatures.length === 0) return 'missing'
  const expected = Buffer.from(signFeed(secret, Number(t), rawBody).split('v1=')[1] as string, 'hex')
  const matches = signatures.some((s) => timingSafeEqual(Buffer.from(s, 'hex'), expected))
  if (!matches) return 'bad'
  return Math.abs(nowS - Number(t)) > toleranceS ? 'stale' : 'ok'
}
