/**
 * Group commit: what requests hand in while a commit runs is committed together in the next one, so
 * the database sees one transaction per round instead of one per request, and each request's promise
 * settles only once its items are committed (or the commit failed). A round starts at once when none
 * runs; a request therefore waits at most one commit plus its own.
 */
export class GroupCommit<T> {
  private pending: { items: T[]; resolve: () => void; reject: (error: unknown) => void }[] = []
  private running: Promise<void> | null = null
  private scheduled = false

  constructor(
    private readonly commit: (items: T[]) => Promise<void>,
    private readonly maxItems = 5000,
  ) {}

  submit(items: T[]): Promise<void> {
    if (items.length === 0) return Promise.resolve()
    return new Promise((resolve, reject) => {
      this.pending.push({ items, resolve, reject })
      this.schedule()
    })
  }

  /** Resolves once everything handed in so far is committed (or failed). */
  async drain(): Promise<void> {
    while (this.running || this.pending.length > 0 || this.scheduled) {
      if (this.running) await this.running.catch(() => {})
      else await new Promise((r) => setImmediate(r))
    }
  }

  private schedule() {
    if (this.running || this.scheduled) return
    this.scheduled = true
    // Requests that arrive in the same turn of the event loop join this round.
    setImmediate(() => {
      this.scheduled = false
      this.running = this.round().finally(() => {
        this.running = null
        if (this.pending.length > 0) this.schedule()
      })
    })
  }

  private async round() {
    const batch: typeof this.pending = []
    let count = 0
    while (this.pending.length > 0) {
      const next = this.pending[0] as (typeof this.pending)[number]
      if (count > 0 && count + next.items.length > this.maxItems) break
      batch.push(next)
      count += next.items.length
      this.pending.shift()
    }
    try {
      await this.commit(batch.flatMap((b) => b.items))
      for (const b of batch) b.resolve()
    } catch (error) {
      for (const b of batch) b.reject(error)
    }
  }
}
