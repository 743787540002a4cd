import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Signed clip paths (decision 16): `/media/c/{token}/{id}-{uuid}/{file}`, the token `{expires}.{signature}`
 * — the expiry in base 36 and an HMAC-SHA256 over the clip's `{id}-{uuid}`, the expiry and the scope. Unlike an
 * event's playback token it names no session: a shared clip plays for anyone the link reaches. A
 * `play` token opens the clip's HLS, MP4 and poster; a `download` token only its MP4, as an attachment.
 */
export type ClipTokenScope = 'play' | 'download'

const signature = (secret: Buffer, clipId: string, expiresAt: number, scope: ClipTokenScope) =>
  createHmac('sha256', secret).update(`clip.${clipId}.${expiresAt}.${scope}`).digest('base64url')

export function signClipToken(secret: Buffer, clipId: string, expiresAt: number, scope: ClipTokenScope): string {
  return `${expiresAt.toString(36)}.${signature(secret, clipId, expiresAt, scope)}`
}

/** Whether `token` was signed by us for this clip and scope, and has not run out. */
export function verifyClipToken(
  secret: Buffer,
  token: string,
  clipId: string,
  now: number,
  scope: ClipTokenScope,
): boolean {
  const m = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!m) return false
  const expiresAt = Number.parseInt(m[1] as string, 36)
  const expected = Buffer.from(signature(secret, clipId, expiresAt, scope))
  const given = Buffer.from(m[2] as string)
  return expected.length === given.length && timingSafeEqual(expected, given) && expiresAt > now
}
