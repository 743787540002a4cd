/**
 * Failed sign-ins per account (design §8: keyed on the account, so a shared venue network does not lock
 * out every buyer). After `maxFailures` within `windowMs` the account refuses sign-ins until the
 * window ends; a success clears it. In memory, per process: with several API processes the limit
 * applies per process (docs/scaling.md); the per-address limit sits in front in the rate limiter.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, { count: number; resetAt: number }>()

  constructor(private readonly options: { maxFailures: number; windowMs: number; now?: () => number }) {}

  private now() {
    return this.options.now?.() ?? Date.now()
  }

  /** Seconds until the account may try again, or 0. */
  retryAfter(key: string): number {
    const entry = this.failures.get(key)
    if (!entry) return 0
    const now = this.now()
    if (now >= entry.resetAt) {
      this.failures.delete(key)
      return 0
    }
    return entry.count >= this.options.maxFailures ? Math.ceil((entry.resetAt - now) / 1000) : 0
  }

  fail(key: string) {
    const now = this.now()
    const entry = this.failures.get(key)
    if (!entry || now >= entry.resetAt) this.failures.set(key, { count: 1, resetAt: now + this.options.windowMs })
    else entry.count++
    if (this.failures.size > 100_000) this.failures.clear()
  }

  succeed(key: string) {
    this.failures.delete(key)
  }
}
