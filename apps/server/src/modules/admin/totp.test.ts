import { randomBytes } from 'node:crypto'
import { TOTP } from 'otpauth'
import { describe, expect, it } from 'vitest'
import { TotpCodec } from './totp.js'

describe('TotpCodec', () => {
  const codec = new TotpCodec(randomBytes(32))

  it('accepts the current code and its neighbours, and names their time step', () => {
    const secret = codec.newSecret()
    const now = 1_800_000_000_000
    const totp = new TOTP({ secret })
    expect(codec.stepOf(secret, totp.generate({ timestamp: now }), now)).toBe(Math.floor(now / 30_000))
    expect(codec.stepOf(secret, totp.generate({ timestamp: now - 30_000 }), now)).toBe(Math.floor(now / 30_000) - 1)
    expect(codec.stepOf(secret, totp.generate({ timestamp: now - 120_000 }), now)).toBeNull()
  })

  it('stores the secret encrypted, readable only with the same server secret', () => {
    const secret = codec.newSecret()
    const stored = codec.encrypt(secret)
    expect(stored).not.toContain(secret)
    expect(codec.decrypt(stored)).toBe(secret)
    expect(() => new TotpCodec(randomBytes(32)).decrypt(stored)).toThrow()
  })

  it('gives an otpauth URI an authenticator app reads', () => {
    const uri = codec.uri(codec.newSecret(), 'Eastside League', 'owner@example.com')
    expect(uri).toMatch(/^otpauth:\/\/totp\/Eastside%20League:owner%40example\.com\?.*secret=[A-Z2-7]+/)
  })
})
