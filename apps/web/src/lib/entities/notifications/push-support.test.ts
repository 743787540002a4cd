import { describe, expect, it } from 'vitest'
import { base64UrlToBytes, pushSupported, sameKey } from './push-support'

describe('base64UrlToBytes', () => {
  it('reads base64url without padding', () => {
    // "subjects?_d" in base64 is "c3ViamVjdHM/X2Q=": base64url swaps / for _ and drops the padding.
    expect(new TextDecoder().decode(base64UrlToBytes('c3ViamVjdHM_X2Q'))).toBe('subjects?_d')
    expect([...base64UrlToBytes('-_8')]).toEqual([0xfb, 0xff])
  })

  it('reads a padded text too', () => {
    expect([...base64UrlToBytes('AQI=')]).toEqual([1, 2])
    expect([...base64UrlToBytes('AQ==')]).toEqual([1])
  })

  it('reads a VAPID public key as its 65 bytes, starting with 0x04 (an uncompressed P-256 point)', () => {
    const key = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U'
    const bytes = base64UrlToBytes(key)
    expect(bytes.length).toBe(65)
    expect(bytes[0]).toBe(4)
  })

  it('refuses what is not base64url', () => {
    expect(() => base64UrlToBytes('ab+/')).toThrow()
    expect(() => base64UrlToBytes('abcde')).toThrow()
    expect(() => base64UrlToBytes('a b')).toThrow()
  })

  it('gives no bytes for an empty text', () => {
    expect(base64UrlToBytes('').length).toBe(0)
  })
})

describe('sameKey', () => {
  const key = new Uint8Array([4, 1, 2, 3])
  it('compares a held key with ours byte by byte', () => {
    expect(sameKey(new Uint8Array([4, 1, 2, 3]).buffer, key)).toBe(true)
    expect(sameKey(new Uint8Array([4, 1, 2, 9]).buffer, key)).toBe(false)
    expect(sameKey(new Uint8Array([4, 1, 2]).buffer, key)).toBe(false)
  })

  it('is false without a held key', () => {
    expect(sameKey(null, key)).toBe(false)
    expect(sameKey(undefined, key)).toBe(false)
  })
})

describe('pushSupported', () => {
  const scope = (parts: Record<string, unknown>) => parts as unknown as typeof globalThis
  it('needs a secure page, service workers, the Push API and notifications', () => {
    const all = { isSecureContext: true, navigator: { serviceWorker: {} }, PushManager: {}, Notification: {} }
    expect(pushSupported(scope(all))).toBe(true)
    expect(pushSupported(scope({ ...all, isSecureContext: false }))).toBe(false)
    expect(pushSupported(scope({ ...all, navigator: {} }))).toBe(false)
    const { PushManager: _push, ...noPush } = all
    expect(pushSupported(scope(noPush))).toBe(false)
    const { Notification: _notification, ...noNotification } = all
    expect(pushSupported(scope(noNotification))).toBe(false)
  })

  it('is false in Node, which has none of them', () => {
    expect(pushSupported()).toBe(false)
  })
})
