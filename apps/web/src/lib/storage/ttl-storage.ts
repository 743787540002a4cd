import { constants } from '@fieldhouse/contract'

/** The part of `window.localStorage` we use; tests pass a Map-backed one. */
export interface KeyValueBackend {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

export interface TtlStorage {
  getItem(name: string): string | null
  setItem(name: string, value: string): void
  removeItem(name: string): void
}

interface Entry {
  value: string
  expiresAt: number
}

const isEntry = (value: unknown): value is Entry =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Entry).value === 'string' &&
  typeof (value as Entry).expiresAt === 'number'

/**
 * Spec §9: local storage under the `rudy_` prefix, entries living about 360 days.
 * Each write renews the entry's lifetime; an expired or unreadable entry is dropped when read.
 */
export function createTtlStorage({
  backend,
  prefix = constants.storagePrefix,
  ttlMs = constants.storageTtlMs,
  now = Date.now,
}: {
  backend: KeyValueBackend
  prefix?: string
  ttlMs?: number
  now?: () => number
}): TtlStorage {
  const keyOf = (name: string) => `${prefix}${name}`
  return {
    getItem(name) {
      const raw = backend.getItem(keyOf(name))
      if (raw === null) return null
      let entry: unknown
      try {
        entry = JSON.parse(raw)
      } catch {
        entry = null
      }
      if (!isEntry(entry) || entry.expiresAt <= now()) {
        backend.removeItem(keyOf(name))
        return null
      }
      return entry.value
    },
    setItem(name, value) {
      const entry: Entry = { value, expiresAt: now() + ttlMs }
      backend.setItem(keyOf(name), JSON.stringify(entry))
    },
    removeItem(name) {
      backend.removeItem(keyOf(name))
    },
  }
}

export function memoryBackend(): KeyValueBackend {
  const map = new Map<string, string>()
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => {
      map.set(key, value)
    },
    removeItem: (key) => {
      map.delete(key)
    },
  }
}

/** localStorage when the browser lets us use it (private modes may refuse), memory otherwise. */
export function browserBackend(): KeyValueBackend {
  try {
    const probe = `${constants.storagePrefix}probe`
    window.localStorage.setItem(probe, '1')
    window.localStorage.removeItem(probe)
    return window.localStorage
  } catch {
    return memoryBackend()
  }
}
