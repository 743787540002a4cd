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

describe('LoginThrottle.begin (counted before the password is hashed)', () => {
  it('lets at most maxFailures of 50 attempts that begin at once through', () => {
    const t = new LoginThrottle({ maxFailures: 5, windowMs: 60_000, now: () => 0 })
    const let_through = Array.from({ length: 50 }, () => t.begin('a')).filter((wait) => wait === 0)
    expect(let_through).toHaveLength(5)
    expect(t.retryAfter('a')).toBe(60)
    expect(t.begin('b')).toBe(0)
  })

  it('a success clears the attempts; the window’s end opens the account again', () => {
    let now = 0
    const t = new LoginThrottle({ maxFailures: 2, windowMs: 60_000, now: () => now })
    expect(t.begin('a')).toBe(0)
    t.succeed('a')
    expect(t.begin('a')).toBe(0)
    expect(t.begin('a')).toBe(0)
    expect(t.begin('a')).toBe(60)
    now = 60_000
    expect(t.begin('a')).toBe(0)
  })
})
