/** What Rollup tells a `manualChunks` function about a module (the parts used here). */
export interface ModuleGraph {
  getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[] } | null
}

/**
 * Whether a chain of static imports leads from an entry to module `id`: the start loads it whatever page
 * opens. Libraries only views import (by dynamic imports) are not in it, so a shared library chunk of
 * them would put them in every page's start (issue 32: Stripe's prop-types was in the home page's first
 * view through `vendor`).
 */
export function createStartTest(graph: ModuleGraph) {
  const known = new Map<string, boolean>()
  const reachable = (id: string, seen: Set<string>): boolean => {
    const cached = known.get(id)
    if (cached !== undefined) return cached
    const info = graph.getModuleInfo(id)
    if (!info) return false
    if (info.isEntry) return true
    for (const importer of info.importers) {
      if (seen.has(importer)) continue
      seen.add(importer)
      if (reachable(importer, seen)) {
        known.set(id, true)
        return true
      }
    }
    return false
  }
  return (id: string): boolean => {
    const result = reachable(id, new Set([id]))
    // A search from `id` itself is complete; searches that stopped at a cycle are not cached as false.
    known.set(id, result)
    return result
  }
}
