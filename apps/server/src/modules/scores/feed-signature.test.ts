import { SCORE_FEED_TOLERANCE_S } from '@fieldhouse/contract'
import { describe, expect, it } from 'vitest'
import { feedSecret, signFeed, verifyFeed } from './feed-signature.js'

describe('the score feed’s signature', () => {
  const server = Buffer.alloc(32, 7)
  const body = Buffer.from('{"channel_key":"demo","event_id":1}')
  const now = 1_800_000_000

  it('derives a secret per channel and generation, never the same twice', () => {
    const a = feedSecret(server, 1, 0)
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(feedSecret(server, 1, 0)).toBe(a)
    expect(
      new Set([a, feedSecret(server, 2, 0), feedSecret(server, 1, 1), feedSecret(Buffer.alloc(32, 8), 1, 0)]).size,
    ).toBe(4)
  })

  it('passes the body signed with the secret at a recent time', () => {
    const secret = feedSecret(server, 1, 0)
    expect(verifyFeed(signFeed(secret, now, body), body, secret, now, SCORE_FEED_TOLERANCE_S)).toBe('ok')
    expect(verifyFeed(signFeed(secret, now - 299, body), body, secret, now, SCORE_FEED_TOLERANCE_S)).toBe('ok')
    // A second v1 (a bridge signing with the old and new secret through a rotation) may be the match.
    const both = `${signFeed('old', now, body)},v1=${signFeed(secret, now, body).split('v1=')[1]}`
    expect(verifyFeed(both, body, secret, now, SCORE_FEED_TOLERANCE_S)).toBe('ok')
  })

  it('refuses a missing header, another secret or body, and a stale timestamp', () => {
    const secret = feedSecret(server, 1, 0)
    const tolerance = SCORE_FEED_TOLERANCE_S
    expect(verifyFeed(undefined, body, secret, now, tolerance)).toBe('missing')
    expect(verifyFeed('t=abc,v1=00', body, secret, now, tolerance)).toBe('missing')
    expect(verifyFeed(signFeed(feedSecret(server, 1, 1), now, body), body, secret, now, tolerance)).toBe('bad')
    expect(verifyFeed(signFeed(secret, now, body), Buffer.from('{}'), secret, now, tolerance)).toBe('bad')
    expect(verifyFeed(signFeed(secret, now - tolerance - 1, body), body, secret, now, tolerance)).toBe('stale')
    expect(verifyFeed(signFeed(secret, now + tolerance + 1, body), body, secret, now, tolerance)).toBe('stale')
  })
})
