import { describe, expect, it } from 'vitest'
import { hashToken, newToken, redactUrl } from './secrets.js'

describe('secrets', () => {
  it('makes 256-bit url-safe tokens that differ', () => {
    const a = newToken()
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(newToken()).not.toBe(a)
  })

  it('hashes to 64 hex characters, stably', () => {
    expect(hashToken('x')).toMatch(/^[0-9a-f]{64}$/)
    expect(hashToken('x')).toBe(hashToken('x'))
  })

  it('masks secrets in URLs and keeps the rest', () => {
    expect(redactUrl('/api/menu?api_key=abc123&x=1')).toBe('/api/menu?api_key=[redacted]&x=1')
    expect(redactUrl('/api/x?a=1&API_KEY=s3cr3t#f')).toBe('/api/x?a=1&API_KEY=[redacted]#f')
    expect(redactUrl('/api/faq')).toBe('/api/faq')
  })

  it('keeps an upload’s id out of a logged URL but for its first four characters', () => {
    const id = '0123456789abcdef0123456789abcdef'
    expect(redactUrl(`/api/admin/uploads/${id}`)).toBe('/api/admin/uploads/0123…')
    expect(redactUrl(`/api/admin/uploads/${id}?x=1`)).toBe('/api/admin/uploads/0123…?x=1')
    expect(redactUrl('/api/admin/uploads')).toBe('/api/admin/uploads')
  })
})
