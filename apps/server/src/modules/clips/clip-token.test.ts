import { describe, expect, it } from 'vitest'
import { signClipToken, verifyClipToken } from './clip-token.js'

const secret = Buffer.alloc(32, 7)
const REF = '12-0b7e1c4a-2f3d-4e5f-8a9b-0c1d2e3f4a5b'
/** The same id, another clip (a reused id would be this). */
const OTHER = '12-9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a'

describe('clip tokens', () => {
  it('open their own clip and scope until they run out', () => {
    const token = signClipToken(secret, REF, 2_000, 'play')
    expect(verifyClipToken(secret, token, REF, 1_999, 'play')).toBe(true)
    expect(verifyClipToken(secret, token, REF, 2_000, 'play')).toBe(false)
  })

  it('open no other clip, scope, or secret, and refuse a tampered expiry', () => {
    const token = signClipToken(secret, REF, 2_000, 'play')
    expect(verifyClipToken(secret, token, OTHER, 0, 'play')).toBe(false)
    expect(verifyClipToken(secret, token, REF, 0, 'download')).toBe(false)
    expect(verifyClipToken(Buffer.alloc(32, 8), token, REF, 0, 'play')).toBe(false)
    const [, sig] = token.split('.')
    expect(verifyClipToken(secret, `${(9_999_999).toString(36)}.${sig}`, REF, 0, 'play')).toBe(false)
    expect(verifyClipToken(secret, 'nonsense', REF, 0, 'play')).toBe(false)
  })
})
