import { describe, expect, it } from 'vitest'
import { LoginThrottle } from './login-throttle.js'

describe('LoginThrottle', () => {
  it('locks an account after its failures and opens it when the window ends', () => {
    let now = 0
    const t = new LoginThrottle({ maxFailures: 3, windowMs: 60_000, now: () => now })
    for (let i = 0; i < 2; i++) t.fail('a')
    expect(t.retryAfter('a')).toBe(0)
    t.fail('a')
    expect(t.retryAfter('a')).toBe(60)
    expect(t.retryAfter('b')).toBe(0)
    now = 30_000
    expect(t.retryAfter('a')).toBe(30)
    now = 60_000
    expect(t.retryAfter('a')).toBe(0)
  })

  it('forgets failures after a success', () => {
    const t = new LoginThrottle({ maxFailures: 2, windowMs: 60_000 })
    t.fail('a')
    t.succeed('a')
    t.fail('a')
    expect(t.retryAfter('a')).toBe(0)
  })
})
