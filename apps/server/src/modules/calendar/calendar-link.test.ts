import { describe, expect, it } from 'vitest'
import { calendarLinkSigner } from './calendar-link.js'

describe('calendarLinkSigner', () => {
  const signer = calendarLinkSigner(Buffer.alloc(32, 7))

  it('reads back the user and version it signed', () => {
    expect(signer.read(signer.sign(42, 3))).toEqual({ userId: 42, version: 3 })
  })

  it('refuses a token with another user, another version, a changed mac or another secret', () => {
    const token = signer.sign(42, 3)
    const [, , mac] = token.split('.')
    expect(signer.read(`43.3.${mac}`)).toBeNull()
    expect(signer.read(`42.4.${mac}`)).toBeNull()
    expect(signer.read(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeNull()
    expect(calendarLinkSigner(Buffer.alloc(32, 8)).read(token)).toBeNull()
    expect(signer.read('')).toBeNull()
    expect(signer.read('42.3')).toBeNull()
  })
})
