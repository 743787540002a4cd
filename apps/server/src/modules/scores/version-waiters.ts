/** One request waiting for a game's version to pass `after`. */
interface Waiter {
  after: number
  done: (version: number | null) => void
}

/** The waiters of one game, and its one poll. */
interface Watch {
  waiters: Set<Waiter>
  poll: NodeJS.Timeout | null
}

/**
 * Long-poll waits on a version per key (a game's score, decision 0057), cheap however many wait:
 * a write in this process wakes its waiters at once (`notify`); for writes in other API processes,
 * ONE poll per key per process reads the version about every `pollMs` while anyone waits on it, and
 * stops when the last waiter leaves. A wait ends with the newer version, or null at its timeout or
 * when its request goes away.
 */
export class VersionWaiters {
  private readonly watches = new Map<number, Watch>()

  constructor(
    private readonly o: {
      readVersion: (key: number) => Promise<number>
      pollMs?: number
      onError?: (error: unknown) => void
    },
  ) {}

  wait(key: number, after: number, timeoutMs: number, signal?: AbortSignal): Promise<number | null> {
    if (signal?.aborted) return Promise.resolve(null)
    return new Promise((resolve) => {
      const watch = this.watchOf(key)
      const end = (version: number | null) => {
        clearTimeout(timer)
        signal?.removeEventListener('abort', gone)
        watch.waiters.delete(waiter)
        if (watch.waiters.size === 0) this.unwatch(key, watch)
        resolve(version)
      }
      const waiter: Waiter = { after, done: end }
      const gone = () => end(null)
      const timer = setTimeout(gone, timeoutMs)
      signal?.addEventListener('abort', gone, { once: true })
      watch.waiters.add(waiter)
    })
  }

  /** The key's version is now `version` (written by this process): its waiters behind it answer. */
  notify(key: number, version: number) {
    const watch = this.watches.get(key)
    if (!watch) return
    for (const waiter of [...watch.waiters]) if (version > waiter.after) waiter.done(version)
  }

  /** How many requests wait, and on how many keys (one poll each). */
  counts() {
    let waiters = 0
    for (const w of this.watches.values()) waiters += w.waiters.size
    return { waiters, keys: this.watches.size }
  }

  private watchOf(key: number): Watch {
    let watch = this.watches.get(key)
    if (!watch) {
      watch = { waiters: new Set(), poll: null }
      this.watches.set(key, watch)
      this.schedule(key, watch)
    }
    return watch
  }

  private schedule(key: number, watch: Watch) {
    watch.poll = setTimeout(async () => {
      watch.poll = null
      try {
        this.notify(key, await this.o.readVersion(key))
      } catch (error) {
        this.o.onError?.(error)
      }
      // The next read only once this one is back, and only while someone still waits.
      if (this.watches.get(key) === watch && watch.waiters.size > 0) this.schedule(key, watch)
    }, this.o.pollMs ?? 1000)
    watch.poll.unref?.()
  }

  private unwatch(key: number, watch: Watch) {
    if (watch.poll) clearTimeout(watch.poll)
    watch.poll = null
    if (this.watches.get(key) === watch) this.watches.delete(key)
  }
}
