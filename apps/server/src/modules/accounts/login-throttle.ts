/**
 * Sign-in attempts per account (design §8: keyed on the account, so a shared venue network does not
 * lock out every buyer). An attempt is counted when it begins — before the password is hashed, in
 * one synchronous step — so however many guesses arrive at once, at most `maxFailures` of them are
 * checked per `windowMs`; the rest wait for the window's end. A success clears the count. In memory,
 * per process: with several API processes the limit applies per process (docs/scaling.md); the
 * per-key and per-address limits sit in front in the rate limiter.
 */
export class LoginThrottle {
  private readonly attempts = new Map<string, { count: number; resetAt: number }>()

  constructor(private readonly options: { maxFailures: number; windowMs: number; now?: () => number }) {}

  private now() {
    return this.options.now?.() ?? Date.now()
  }

  private entry(key: string) {
    const entry = this.attempts.get(key)
    if (entry && this.now() >= entry.resetAt) {
      this.attempts.delete(key)
      return undefined
    }
    return entry
  }

  /** Seconds until the account may try again, or 0. */
  retryAfter(key: string): number {
    const entry = this.entry(key)
    return entry && entry.count >= this.options.maxFailures ? Math.ceil((entry.resetAt - this.now()) / 1000) : 0
  }

  /**
   * Takes one attempt for the account before its password is checked: 0 when it may go on, else the
   * seconds to wait. An attempt that fails stays counted; `succeed` clears them.
   */
  begin(key: string): number {
    const wait = this.retryAfter(key)
    if (wait > 0) return wait
    const entry = this.entry(key)
    if (entry) entry.count++
    else {
      if (this.attempts.size > 100_000) this.attempts.clear()
      this.attempts.set(key, { count: 1, resetAt: this.now() + this.options.windowMs })
    }
    return 0
  }

  /** A failure counted after the fact (for callers that did not `begin`). */
  fail(key: string) {
    this.begin(key)
  }

  succeed(key: string) {
    this.attempts.delete(key)
  }
}
