import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * A viewer's private follows link (decision 0055): `{user}.{version}.{mac}`, the mac an HMAC of the
 * user and version under a key derived from the server's secret for this purpose alone. Nothing is
 * stored but the version, so the profile can show the link again; renewing bumps the version and
 * every older link stops working.
 */
export function calendarLinkSigner(serverSecret: Buffer) {
  const key = createHmac('sha256', serverSecret).update('fieldhouse calendar follows link v1').digest()
  const macOf = (userId: number, version: number) =>
    createHmac('sha256', key).update(`${userId}.${version}`).digest('base64url').slice(0, 32)
  return {
    sign: (userId: number, version: number) => `${userId}.${version}.${macOf(userId, version)}`,
    /** The user and version a token names when its mac is right; null for anything else. */
    read(token: string): { userId: number; version: number } | null {
      const m = /^(\d{1,12})\.(\d{1,9})\.([A-Za-z0-9_-]{32})$/.exec(token)
      if (!m) return null
      const userId = Number(m[1])
      const version = Number(m[2])
      const want = Buffer.from(macOf(userId, version))
      const got = Buffer.from(m[3] as string)
      return want.length === got.length && timingSafeEqual(want, got) ? { userId, version } : null
    },
  }
}
export type CalendarLinkSigner = ReturnType<typeof calendarLinkSigner>
