import { describe, expect, it } from 'vitest'
import { safeMediaPath, signToken, verifyToken } from './playback-token.js'

const secret = Buffer.from('0123456789abcdef0123456789abcdef')
const other = Buffer.from('fedcba9876543210fedcba9876543210')
const now = 1_800_000_000_000

describe('playback tokens', () => {
  const token = signToken(secret, { sessionId: 42, assetId: 7, expiresAt: now + 60_000, scope: 'play' })

  it('verifies for the asset it was signed for, within its lifetime', () => {
    expect(verifyToken(secret, token, 7, now)).toEqual({ ok: true, sessionId: 42, expiresAt: now + 60_000 })
  })

  it('refuses another asset, another secret, an expired token and a tampered one', () => {
    expect(verifyToken(secret, token, 8, now)).toEqual({ ok: false, reason: 'signature' })
    expect(verifyToken(other, token, 7, now)).toEqual({ ok: false, reason: 'signature' })
    expect(verifyToken(secret, token, 7, now + 60_000)).toEqual({ ok: false, reason: 'expired' })
    const [sid, exp, sig] = token.split('.') as [string, string, string]
    const later = (now + 3_600_000).toString(36)
    expect(verifyToken(secret, `${sid}.${later}.${sig}`, 7, now).ok).toBe(false)
    expect(verifyToken(secret, `${(43).toString(36)}.${exp}.${sig}`, 7, now).ok).toBe(false)
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`
    expect(verifyToken(secret, `${sid}.${exp}.${flipped}`, 7, now).ok).toBe(false)
  })

  it('keeps the scopes apart: a play token opens no download, a download token nothing else', () => {
    const download = signToken(secret, { sessionId: 42, assetId: 7, expiresAt: now + 60_000, scope: 'download' })
    expect(verifyToken(secret, download, 7, now, 'download')).toEqual({
      ok: true,
      sessionId: 42,
      expiresAt: now + 60_000,
    })
    expect(verifyToken(secret, download, 7, now, 'play')).toEqual({ ok: false, reason: 'signature' })
    expect(verifyToken(secret, token, 7, now, 'download')).toEqual({ ok: false, reason: 'signature' })
  })

  it('refuses malformed tokens', () => {
    for (const bad of [
      '',
      'a.b',
      'a.b.c',
      `${token}x`,
      `../${token}`,
      'A.B.0123456789012345678901234567890123456789012',
    ])
      expect(verifyToken(secret, bad, 7, now)).toEqual({ ok: false, reason: 'malformed' })
  })
})

describe('safeMediaPath', () => {
  it('keeps ordinary relative paths', () => {
    expect(safeMediaPath('master.m3u8')).toBe('master.m3u8')
    expect(safeMediaPath('720p/seg_00001.ts')).toBe('720p/seg_00001.ts')
    expect(safeMediaPath('thumbnails/sprite.jpg')).toBe('thumbnails/sprite.jpg')
  })

  it('refuses traversal, absolute, hidden, encoded and odd paths', () => {
    for (const bad of [
      '',
      '../secret',
      '720p/../../x.ts',
      '/etc/passwd',
      '.env',
      '720p/.hidden',
      '..',
      'a//b.ts',
      'a\\b.ts',
      '%2e%2e/x',
      'a/b/c/d/e.ts',
      'x.tar.gz',
      'seg\u0000.ts',
    ])
      expect(safeMediaPath(bad)).toBeNull()
  })
})
