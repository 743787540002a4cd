/**
 * A per-key cache whose entries carry the content version they were built from.
 *
 * Within `freshMs` an entry is served without asking anything. After that, `currentVersion` (a cheap
 * query) decides whether it still holds; so a change made by another process (the CLI, a second API
 * process) shows within `freshMs`, and one made by this process shows at once through `invalidate`.
 */
export interface CacheEntry<V> {
  value: V
  version: number
  checkedAt: number
}

export class VersionedCache<K, V> {
  private readonly entries = new Map<K, CacheEntry<V>>()

  constructor(private readonly options: { freshMs: number; maxEntries: number; now?: () => number }) {}

  /** The entry if it is fresh, without asking anything: lets a hot path stay synchronous. */
  peek(key: K): V | undefined {
    const entry = this.entries.get(key)
    const now = this.options.now?.() ?? Date.now()
    return entry && now - entry.checkedAt < this.options.freshMs ? entry.value : undefined
  }

  async get(
    key: K,
    currentVersion: () => Promise<number | undefined>,
    build: (version: number) => Promise<V>,
  ): Promise<V | undefined> {
    const now = this.options.now?.() ?? Date.now()
    const entry = this.entries.get(key)
    if (entry && now - entry.checkedAt < this.options.freshMs) return entry.value
    const version = await currentVersion()
    if (version === undefined) {
      this.entries.delete(key)
      return undefined
    }
    if (entry && entry.version === version) {
      entry.checkedAt = now
      return entry.value
    }
    const value = await build(version)
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next()
      if (!oldest.done) this.entries.delete(oldest.value)
    }
    this.entries.set(key, { value, version, checkedAt: now })
    return value
  }

  invalidate(predicate: (key: K) => boolean = () => true) {
    for (const key of this.entries.keys()) if (predicate(key)) this.entries.delete(key)
  }
}
