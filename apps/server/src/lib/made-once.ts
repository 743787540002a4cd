/**
 * Parts made the first time something asks for them, and once (the container's): `once(name, make)`
 * answers a getter, and `built()` the names of the parts made so far.
 */
export function madeOnce() {
  const made = new Set<string>()
  const once = <T>(name: string, make: () => T): (() => T) => {
    let value: { of: T } | undefined
    return () => {
      if (!value) {
        value = { of: make() }
        made.add(name)
      }
      return value.of
    }
  }
  return { once, isBuilt: (name: string) => made.has(name), built: () => [...made].sort() }
}

/** An object whose properties are the given parts, each made the first time it is read (no spreading it). */
export function lazily<T extends Record<string, () => unknown>>(
  parts: T,
): { readonly [K in keyof T]: ReturnType<T[K]> } {
  const out = {}
  for (const [name, make] of Object.entries(parts)) Object.defineProperty(out, name, { get: make, enumerable: true })
  return out as { readonly [K in keyof T]: ReturnType<T[K]> }
}
