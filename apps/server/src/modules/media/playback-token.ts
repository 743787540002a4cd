import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Signed media paths (design §5, decision 9): `/media/p/{token}/{asset}/{file}`, where the token is
 * `{session}.{expires}.{signature}` — the session (api key row) id and the expiry in base 36, and an
 * HMAC-SHA256 over session, asset, expiry and scope. The token names no user and no key; the server
 * checks on every request that the session still lives, so signing out revokes it.
 *
 * The scope keeps the two kinds of URL apart: a `play` token (any viewer who may watch) opens the
 * playlists and segments, and only a `download` token (handed out after the download capability was
 * checked) opens the downloadable MP4, under `/media/d/`. A `premiere` token is signed for a premiere
 * (its id in place of the asset's) and opens its files under `/media/l/` (decision 30).
 */
export type TokenScope = 'play' | 'download' | 'premiere'

export interface TokenClaims {
  sessionId: number
  assetId: number
  /** Epoch ms. */
  expiresAt: number
  scope: TokenScope
}

const signature = (secret: Buffer, c: TokenClaims) =>
  createHmac('sha256', secret)
    .update(`${c.sessionId}.${c.assetId}.${c.expiresAt}${c.scope === 'play' ? '' : `.${c.scope}`}`)
    .digest('base64url')

export function signToken(secret: Buffer, claims: TokenClaims): string {
  return `${claims.sessionId.toString(36)}.${claims.expiresAt.toString(36)}.${signature(secret, claims)}`
}

export type TokenCheck =
  | { ok: true; sessionId: number; expiresAt: number }
  | { ok: false; reason: 'malformed' | 'signature' | 'expired' }

/** Whether `token` was signed by us for `assetId` and `scope`, and is still within its lifetime. */
export function verifyToken(
  secret: Buffer,
  token: string,
  assetId: number,
  now: number,
  scope: TokenScope = 'play',
): TokenCheck {
  const m = /^([0-9a-z]{1,12})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!m) return { ok: false, reason: 'malformed' }
  const sessionId = Number.parseInt(m[1] as string, 36)
  const expiresAt = Number.parseInt(m[2] as string, 36)
  const expected = Buffer.from(signature(secret, { sessionId, assetId, expiresAt, scope }))
  const given = Buffer.from(m[3] as string)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'signature' }
  if (expiresAt <= now) return { ok: false, reason: 'expired' }
  return { ok: true, sessionId, expiresAt }
}

/**
 * The file part of a media path, if it is safe: relative, made of ordinary names (letters, digits,
 * `_`, `-`, one dot before an extension), no `..`, no hidden files, at most four levels.
 */
export function safeMediaPath(rest: string): string | null {
  if (rest.length === 0 || rest.length > 200) return null
  const parts = rest.split('/')
  if (parts.length > 4) return null
  for (const part of parts) {
    if (!/^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9]+)?$/.test(part)) return null
  }
  return parts.join('/')
}
