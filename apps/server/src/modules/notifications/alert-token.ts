import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * The links an alert carries (decision 0056), each `{id}.{mac}` with the mac an HMAC of the purpose and
 * the id under a key derived from the server's secret for alerts alone, so one purpose's token never
 * opens another's: `unsubscribe` names a viewer (their mail alerts stop, signed out, by one click);
 * `alert` names one send (its open and its click are counted, and the click goes to the game). Nothing
 * is stored: a token works as long as the secret does.
 */
export type AlertTokenPurpose = 'unsubscribe' | 'alert'

export function alertTokenSigner(serverSecret: Buffer) {
  const key = createHmac('sha256', serverSecret).update('fieldhouse alert links v1').digest()
  const macOf = (purpose: AlertTokenPurpose, id: number) =>
    createHmac('sha256', key).update(`${purpose}:${id}`).digest('base64url').slice(0, 27)
  return {
    sign: (purpose: AlertTokenPurpose, id: number) => `${id}.${macOf(purpose, id)}`,
    /** The id a token names for this purpose when its mac is right; null for anything else. */
    read(purpose: AlertTokenPurpose, token: string): number | null {
      const m = /^(\d{1,12})\.([A-Za-z0-9_-]{27})$/.exec(token)
      if (!m) return null
      const id = Number(m[1])
      const want = Buffer.from(macOf(purpose, id))
      const got = Buffer.from(m[2] as string)
      return want.length === got.length && timingSafeEqual(want, got) ? id : null
    },
  }
}
export type AlertTokenSigner = ReturnType<typeof alertTokenSigner>
