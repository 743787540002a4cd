import { describe, expect, it } from 'vitest'
import { alertTokenSigner } from './alert-token.js'

describe('alert links', () => {
  const signer = alertTokenSigner(Buffer.alloc(32, 7))
  it('a token reads back as its id for its own purpose only', () => {
    const token = signer.sign('unsubscribe', 42)
    expect(signer.read('unsubscribe', token)).toBe(42)
    expect(signer.read('alert', token)).toBeNull()
  })
  it('refuses a changed id, a changed mac, another secret’s token and junk', () => {
    const token = signer.sign('alert', 42)
    const [, mac] = token.split('.')
    expect(signer.read('alert', `43.${mac}`)).toBeNull()
    expect(signer.read('alert', `42.${(mac as string).slice(0, -1)}A`)).toBeNull()
    expect(alertTokenSigner(Buffer.alloc(32, 8)).read('alert', token)).toBeNull()
    for (const junk of ['', '42', '42.', 'x.y', `${'9'.repeat(13)}.${mac}`])
      expect(signer.read('alert', junk)).toBeNull()
  })
})
