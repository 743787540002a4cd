import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'

/**
 * The TOTP second factor (RFC 6238: SHA-1, 6 digits, 30 s, what every authenticator app reads), and
 * the encryption of its secret at rest: AES-256-GCM under a key derived (HKDF) from the server secret,
 * so a copy of the database alone gives no codes.
 */
export class TotpCodec {
  private readonly key: Buffer

  constructor(serverSecret: Buffer) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, Buffer.alloc(0), 'fieldhouse operator totp', 32))
  }

  newSecret(): string {
    return new Secret({ size: 20 }).base32
  }

  uri(secret: string, issuer: string, label: string) {
    return this.totp(secret, issuer, label).toString()
  }

  /** The time step the code belongs to (now ± one step), or null when it is wrong. */
  stepOf(secret: string, code: string, now: number): number | null {
    const delta = this.totp(secret).validate({ token: code, timestamp: now, window: 1 })
    return delta === null ? null : Math.floor(now / 30_000) + delta
  }

  encrypt(secret: string) {
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', this.key, iv)
    const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
    return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.')
  }

  decrypt(stored: string) {
    const [iv, tag, data] = stored.split('.').map((p) => Buffer.from(p, 'base64url'))
    if (!iv || !tag || !data) throw new Error('unreadable TOTP secret')
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv)
    decipher.setAuthTag(tag)
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8')
  }

  private totp(secret: string, issuer = 'Fieldhouse', label = 'operator') {
    return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) })
  }
}
