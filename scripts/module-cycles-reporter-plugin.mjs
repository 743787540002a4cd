/**
 * A dependency-cruiser reporter that fails when server modules (apps/server/src/modules/<name>) depend
 * on each other round a loop. Used by `npm run lint:deps` with .dependency-cruiser-modules.cjs, which
 * collapses every module into one node: dependency-cruiser's own `circular` rule sees files only, so
 * `access` using `catalog` while `catalog` uses `access` passes it when no two files import each other.
 */
const MODULE = /^apps\/server\/src\/modules\/[^/]+$/

/** Every elementary loop through the module graph, each once, as a list of module names. */
function cyclesOf(graph) {
  const cycles = []
  const names = [...graph.keys()].sort()
  names.forEach((start, index) => {
    // Loops are reported from their smallest name, so each shows once.
    const allowed = new Set(names.slice(index))
    const walk = (node, path) => {
      for (const next of graph.get(node) ?? []) {
        if (next === start) cycles.push([...path, start])
        else if (allowed.has(next) && !path.includes(next)) walk(next, [...path, next])
      }
    }
    walk(start, [start])
  })
  return cycles
}

/** @param {import('dependency-cruiser').ICruiseResult} result */
export default function moduleCyclesReporter(result) {
  const graph = new Map()
  for (const module of result.modules) {
    if (!MODULE.test(module.source)) continue
    const targets = module.dependencies.map((d) => d.resolved).filter((t) => MODULE.test(t) && t !== module.source)
    graph.set(module.source, new Set(targets))
  }
  const short = (name) => name.replace('apps/server/src/modules/', '')
  const cycles = cyclesOf(graph)
  const output = cycles.length
    ? `${cycles
        .map((c) => `  error no-module-cycles: ${c.map(short).join(' → ')}`)
        .join('\n')}\n\nServer modules depend on each other one way only. Move what both need into ` +
      'apps/server/src/lib/, or have the lower module declare a narrow interface (or a callback) that the ' +
      `composition root fills with the higher one.\n\nx ${cycles.length} module cycle(s).\n`
    : `✔ no cycles between the ${graph.size} server modules\n`
  return { output, exitCode: cycles.length }
}
